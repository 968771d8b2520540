import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../src/server/db/seed.js';
import { startTestApp, type TestApp } from './support/harness.js';

const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-seo-'));
fs.writeFileSync(
  path.join(clientDir, 'index.html'),
  '<!doctype html>\n<html lang="ru">\n  <head>\n    <meta charset="UTF-8" />\n    <meta name="description" content="Старое описание" />\n    <title>Магазин</title>\n    <script type="module" crossorigin src="/assets/index.js"></script>\n  </head>\n  <body><div id="root"></div></body>\n</html>\n',
);

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await startTestApp({ PUBLIC_URL: 'https://shop.example.ru' }, clientDir);
  await seedDemoData(t.db, { production: false });
  await seedDemoData(t.db, { production: false });
  admin = await t.signInAdmin();
}, 120_000);
afterAll(async () => {
  await t?.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

async function page(route: string): Promise<{ status: number; html: string; head: string }> {
  const response = await fetch(`${t.baseUrl}${route}`);
  const html = await response.text();
  return { status: response.status, html, head: html.slice(0, html.indexOf('</head>')) };
}

const meta = (head: string, key: string) => new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)" />`).exec(head)?.[1];

describe('demo content on a fresh database', () => {
  it('fills the home page: slides on seeded images, news on the main page, advertisements, subscribers and QR records; seeding twice adds nothing', async () => {
    const slides = await t.trpc().content.slides.list.query({});
    expect(slides.length).toBe(3);
    for (const slide of slides.rows) expect((await fetch(`${t.baseUrl}/api/images/${slide.image}?w=400`)).status).toBe(200);
    expect((await t.trpc().content.news.list.query({ showOnMain: true })).length).toBe(2);
    expect((await t.trpc().content.advertisements.list.query({})).length).toBe(2);
    expect((await t.trpc(admin).content.subscribers.list.query({ confirmed: true })).length).toBe(3);
    expect((await t.trpc(admin).content.scanner.list.query({})).length).toBe(3);
    expect((await t.rest<{ length: number }>('GET', '/products?tags=hit-prodazh')).body.length).toBeGreaterThanOrEqual(4);
    expect((await t.rest<{ length: number }>('GET', '/products?tags=novinka')).body.length).toBeGreaterThanOrEqual(4);
  });
});

describe('staff text in the first HTML', () => {
  it('goes in literally: $&, $` and $\' in a name and description do not copy the shell', async () => {
    const name = "Куртка $& $` $' «Север»";
    const created = await t.rest<{ url: string }>('POST', '/products', {
      token: admin,
      body: { name, url: 'kurtka-dollar', desc: "<p>Описание $& и $' и $`</p>", variants: [{ article: 'DOLLAR-1', price: 1000, stock: 1 }] },
    });
    expect(created.status).toBe(200);
    const { status, html } = await page('/product/kurtka-dollar');
    expect(status).toBe(200);
    expect(html.match(/<\/head>/g)).toHaveLength(1);
    expect(html.match(/<body/g)).toHaveLength(1);
    expect(html.match(/<script type="module"/g)).toHaveLength(1);
    expect(html).toContain('<title>Куртка $&amp; $` $&#39; «Север»');
  });
});

describe('the first HTML of each page kind', () => {
  it('home: Russian title, description, canonical and Open Graph, once each', async () => {
    const { status, head } = await page('/');
    expect(status).toBe(200);
    expect(head.match(/<title>/g)).toHaveLength(1);
    expect(head).toContain('<title>Магазин — интернет-магазин одежды, обуви и аксессуаров</title>');
    expect(head.match(/name="description"/g)).toHaveLength(1);
    expect(meta(head, 'description')).toContain('Интернет-магазин');
    expect(head).toContain('<link rel="canonical" href="https://shop.example.ru/" />');
    expect(meta(head, 'og:title')).toBe('Магазин — интернет-магазин одежды, обуви и аксессуаров');
    expect(meta(head, 'og:url')).toBe('https://shop.example.ru/');
    expect(meta(head, 'og:locale')).toBe('ru_RU');
  });

  it('catalogue and a category page', async () => {
    const catalogue = await page('/catalog?page=2&sort=price');
    expect(catalogue.status).toBe(200);
    expect(catalogue.head).toContain('<link rel="canonical" href="https://shop.example.ru/catalog" />');
    expect(catalogue.head).toContain('<title>Каталог товаров');
    const category = await page('/catalog?categories=obuv');
    expect(category.head).toContain('<title>Обувь — купить в интернет-магазине | Магазин</title>');
    expect(category.head).toContain('<link rel="canonical" href="https://shop.example.ru/catalog?categories=obuv" />');
    expect(meta(category.head, 'og:image')).toMatch(/^https:\/\/shop\.example\.ru\/api\/images\/[0-9a-f]{32}\.webp\?w=800$/);
  });

  it('product: title with the price, Open Graph picture and schema.org Product JSON-LD', async () => {
    const product = (await t.rest<{ rows: Array<{ url: string; name: string; price: number; inStock: boolean; image: string }> }>('GET', '/products?limit=1&available=true')).body.rows[0]!;
    const { status, head } = await page(`/product/${product.url}`);
    expect(status).toBe(200);
    expect(head).toContain(`<link rel="canonical" href="https://shop.example.ru/product/${product.url}" />`);
    expect(meta(head, 'og:type')).toBe('product');
    expect(meta(head, 'og:image')).toBe(`https://shop.example.ru/api/images/${product.image}?w=800`);
    const json = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(head)?.[1];
    const data = JSON.parse(json ?? 'null') as Record<string, unknown>;
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      image: [`https://shop.example.ru/api/images/${product.image}?w=800`],
      offers: { '@type': 'Offer', price: product.price.toFixed(2), priceCurrency: 'RUB', availability: 'https://schema.org/InStock' },
    });
    expect(data['name']).toBe(product.name);
  });

  it('news post: article tags from the post', async () => {
    const { status, head } = await page('/news/nedelya-skidok');
    expect(status).toBe(200);
    expect(head).toContain('<title>Неделя скидок на обувь — новости | Магазин</title>');
    expect(meta(head, 'description')).toBe('Скидки до 30% на кроссовки и ботинки до конца недели.');
    expect(meta(head, 'og:type')).toBe('article');
    expect(head).toContain('<link rel="canonical" href="https://shop.example.ru/news/nedelya-skidok" />');
  });

  it('escapes everything it writes: a hostile product name cannot leave its tag or the JSON-LD', async () => {
    const hostile = 'Кеды "</script><script>alert(1)</script>" & <b>';
    const brand = (await t.rest<{ rows: Array<{ id: number }> }>('GET', '/brands?limit=1')).body.rows[0]!;
    const created = await t.rest<{ url: string }>('POST', '/products', {
      body: { name: hostile, url: 'vredny-tovar', desc: '<img src=x onerror=alert(1)>', brands: [brand.id], variants: [{ article: 'HOSTILE-1', price: 100, stock: 1 }] },
      token: admin,
    });
    expect(created.status).toBe(200);
    const { html } = await page('/product/vredny-tovar');
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('<title>Кеды &quot;&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&quot; &amp; &lt;b&gt;');
    expect(html).toContain('\\u003c/script\\u003e');
  });
});

describe('pages that do not exist answer 404 with the app shell', () => {
  it.each(['/no-such-page', '/product/net-takogo-tovara', '/news/net-takoy-novosti', '/catalog/extra/segments'])('%s', async (route) => {
    const { status, html, head } = await page(route);
    expect(status).toBe(404);
    expect(html).toContain('<div id="root">');
    expect(head).toContain('<title>Страница не найдена — Магазин</title>');
    expect(meta(head, 'robots')).toBe('noindex');
  });

  it('pages that exist answer 200, the back office included', async () => {
    for (const route of ['/news', '/check/DEMO-GENUINE-0001', '/admin/banners', '/profile']) expect((await page(route)).status, route).toBe(200);
  });
});

describe('sitemap and robots', () => {
  it('/sitemap.xml lists every product, category page, news post and legal page', async () => {
    const response = await fetch(`${t.baseUrl}/sitemap.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/xml');
    const xml = await response.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
    const products = await t.db.selectFrom('products').select('url').execute();
    const categories = await t.db.selectFrom('categories').select('url').execute();
    const news = await t.db.selectFrom('news').select('url').execute();
    for (const row of products) expect(locs).toContain(`https://shop.example.ru/product/${row.url}`);
    for (const row of categories) expect(locs).toContain(`https://shop.example.ru/catalog?categories=${row.url}`);
    for (const row of news) expect(locs).toContain(`https://shop.example.ru/news/${row.url}`);
    expect(locs).toContain('https://shop.example.ru/');
    const legal = ['privacy', 'offer', 'delivery', 'returns'];
    for (const slug of legal) expect(locs).toContain(`https://shop.example.ru/${slug}`);
    expect(locs.length).toBe(products.length + categories.length + news.length + legal.length + 3);
  });

  it('/robots.txt points to the sitemap and keeps /admin and /api out', async () => {
    const response = await fetch(`${t.baseUrl}/robots.txt`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    const text = await response.text();
    expect(text).toContain('User-agent: *');
    expect(text).toMatch(/^Disallow: \/admin$/m);
    expect(text).toMatch(/^Disallow: \/api$/m);
    expect(text).toContain('Sitemap: https://shop.example.ru/sitemap.xml');
  });
});
