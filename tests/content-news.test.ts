import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainMessages } from '../src/shared/errors.js';
import { libraryImage, shopperToken, type Rows } from './support/content-support.js';
import { startTestApp, type TestApp } from './support/harness.js';

interface News {
  id: number;
  title: string;
  url: string;
  excerpt: string;
  body: string;
  image: string | null;
  showOnMain: boolean;
  version: number;
}

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.signInAdmin();
});
afterAll(() => t?.close());

const post = (fields: Partial<News>) => ({ title: 'Новость', url: 'novost', excerpt: '', body: '<p>Текст</p>', image: null, showOnMain: false, ...fields });

describe('news', () => {
  it('creates, reads by id and by url, updates and deletes (REST)', async () => {
    const image = await libraryImage(t.db);
    const created = await t.rest<News>('POST', '/news', { body: post({ title: 'Открытие магазина', url: 'otkrytie', image, showOnMain: true }), token: admin });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ title: 'Открытие магазина', url: 'otkrytie', image, showOnMain: true, body: '<p>Текст</p>', version: 1 });
    expect((await t.rest('GET', `/news/${created.body.id}`)).body).toEqual(created.body);
    expect((await t.rest('GET', '/news/by-url/otkrytie')).body).toEqual(created.body);
    expect((await t.rest('GET', '/news/by-url/net-takoy')).status).toBe(404);

    const updated = await t.rest<News>('PUT', `/news/${created.body.id}`, { body: { ...post({ title: 'Мы открылись', url: 'otkrytie', image }), version: 1 }, token: admin });
    expect(updated.body).toMatchObject({ title: 'Мы открылись', showOnMain: false, version: 2 });
    const stale = await t.rest('PUT', `/news/${created.body.id}`, { body: { ...post({ url: 'otkrytie' }), version: 1 }, token: admin });
    expect(stale).toEqual({ status: 409, body: { statusCode: 409,code: 'CONFLICT',  message: domainMessages.staleVersion } });

    const refused = await t.rest<{ message: string }>('DELETE', `/images/${image}`, { token: admin });
    expect(refused.body.message).toBe(`${domainMessages.imageInUsePrefix}новостях: ${created.body.id}`);

    expect((await t.rest('DELETE', `/news/${created.body.id}`, { token: admin })).status).toBe(200);
    expect((await t.rest('GET', `/news/${created.body.id}`)).status).toBe(404);
    expect((await t.rest('DELETE', `/news/${created.body.id}`, { token: admin })).status).toBe(404);
  });

  it('lists without bodies, filtered by title and showOnMain, newest first, paged (tRPC)', async () => {
    const caller = t.trpc(admin);
    for (const [title, url, showOnMain] of [['Распродажа', 'rasprodazha', true], ['Новая коллекция', 'novaya-kollekciya', true], ['График работы', 'grafik', false]] as const) {
      await caller.content.news.create.mutate(post({ title, url, showOnMain }));
    }
    const main = await t.trpc().content.news.list.query({ showOnMain: true });
    expect(main.rows.map((row) => row.url)).toEqual(['novaya-kollekciya', 'rasprodazha']);
    expect(main.rows[0]).not.toHaveProperty('body');
    const byTitle = await t.rest<Rows<News>>('GET', '/news?title=график');
    expect(byTitle.body.rows.map((row) => row.url)).toEqual(['grafik']);
    const paged = await t.rest<Rows<News>>('GET', '/news?sortBy=title&orderBy=asc&limit=1&offset=1');
    expect(paged.body).toMatchObject({ length: 3 });
    expect(paged.body.rows.map((row) => row.title)).toEqual(['Новая коллекция']);
    expect((await t.rest('GET', '/news?showOnMain=false')).body).toMatchObject({ length: 1 });
  });

  it('refuses a duplicate url (409), bad input (400) and non-admins (401/403)', async () => {
    const duplicate = await t.rest('POST', '/news', { body: post({ url: 'grafik' }), token: admin });
    expect(duplicate).toEqual({ status: 409, body: { statusCode: 409,code: 'CONFLICT',  message: domainMessages.duplicateUrl } });
    expect((await t.rest('POST', '/news', { body: post({ url: 'Плохой url' }), token: admin })).status).toBe(400);
    expect((await t.rest('POST', '/news', { body: post({ title: '' }), token: admin })).status).toBe(400);
    expect((await t.rest('POST', '/news', { body: post({ image: '0123456789abcdef0123456789abcdef.webp', url: 'x-image' }), token: admin })).status).toBe(400);
    expect((await t.rest('POST', '/news', { body: post({ url: 'anon' }) })).status).toBe(401);
    expect((await t.rest('DELETE', '/news/1', { token: await shopperToken(t) })).status).toBe(403);
  });
});

describe('the body sanitiser (on every write; stored = served)', () => {
  const hostile: Array<[string, string]> = [
    ['<p>Привет<script>alert(1)</script></p>', '<p>Привет</p>'],
    ['<p onclick="steal()" onmouseover="x()">Текст</p>', '<p>Текст</p>'],
    ['<a href="javascript:alert(1)">ссылка</a>', '<a>ссылка</a>'],
    ['<a href="JaVaScRiPt:alert(1)">ссылка</a>', '<a>ссылка</a>'],
    ['<a href="&#106;avascript:alert(1)">ссылка</a>', '<a>ссылка</a>'],
    ['<a href="data:text/html,<script>alert(1)</script>">ссылка</a>', '<a>ссылка</a>'],
    ['<img src="x" onerror="alert(1)"><p>а</p>', '<p>а</p>'],
    ['<img src="https://evil.example/track.png"><p>б</p>', '<p>б</p>'],
    ['<iframe src="https://evil.example"></iframe><p>в</p>', '<p>в</p>'],
    ['<style>body{display:none}</style><p>г</p>', '<p>г</p>'],
    ['<svg><script>alert(1)</script></svg><p>д</p>', '<p>д</p>'],
    ['<p style="color:red;text-align:center;background:url(javascript:x)">е</p>', '<p style="text-align:center">е</p>'],
    ['<form action="/x"><input name="p"></form><p>ж</p>', '<p>ж</p>'],
    ['<a href="//evil.example">з</a>', '<a>з</a>'],
  ];

  it.each(hostile)('cleans %s', async (body, expected) => {
    const saved = await t.trpc(admin).content.news.create.mutate(post({ url: `s-${Math.random().toString(36).slice(2, 10)}`, body }));
    expect(saved.body).toBe(expected);
    // What is stored is what is served, over REST too.
    const served = await t.rest<News>('GET', `/news/${saved.id}`);
    expect(served.body.body).toBe(expected);
    const stored = await t.db.selectFrom('news').select('body').where('id', '=', saved.id).executeTakeFirstOrThrow();
    expect(stored.body).toBe(expected);
  });

  it('keeps what the editor makes: headings, lists, quotes, marks, shop links, library images; external links open safely', async () => {
    const image = await libraryImage(t.db);
    const body =
      `<h2>Заголовок</h2><p><strong>жирный</strong> <em>курсив</em> <u>подчёркнутый</u> <s>зачёркнутый</s></p>` +
      `<ul><li>один</li></ul><ol><li>два</li></ol><blockquote><p>цитата</p></blockquote>` +
      `<p><a href="/catalog?tags=skidka">в каталог</a> <a href="https://example.ru">наружу</a> <a href="mailto:shop@example.ru">почта</a></p>` +
      `<img src="/api/images/${image}" alt="Фото">`;
    const saved = await t.trpc(admin).content.news.create.mutate(post({ url: 'redaktor', body }));
    expect(saved.body).toContain('<h2>Заголовок</h2>');
    expect(saved.body).toContain('<a href="/catalog?tags=skidka">в каталог</a>');
    expect(saved.body).toContain('<a href="https://example.ru" target="_blank" rel="noopener noreferrer nofollow">наружу</a>');
    expect(saved.body).toContain(`<img src="/api/images/${image}" alt="Фото" />`);
    expect(saved.body).toContain('<blockquote><p>цитата</p></blockquote>');
    // The picture inside the text counts for the in-use rule.
    expect((await t.rest('DELETE', `/images/${image}`, { token: admin })).status).toBe(409);
    // Sanitising again changes nothing.
    const again = await t.trpc(admin).content.news.update.mutate({ newsId: saved.id, ...post({ url: 'redaktor', body: saved.body }) });
    expect(again.body).toBe(saved.body);
  });

  it('refuses a picture in the text that is not in the library', async () => {
    const answer = await t.rest('POST', '/news', { body: post({ url: 'chuzhoe', body: '<img src="/api/images/0123456789abcdef0123456789abcdef.webp">' }), token: admin });
    expect(answer.status).toBe(400);
  });
});
