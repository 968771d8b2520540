import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/connection.js';
import { escapeHtml } from '../../services/mail/html.js';
import { legalSitemapEntries } from './legal-meta.js';

/** Search engines take up to 50 000 addresses from one sitemap. */
const maxUrls = 50_000;

function urlEntry(loc: string, lastmod?: Date): string {
  return `  <url><loc>${escapeHtml(loc)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString().slice(0, 10)}</lastmod>` : ''}</url>`;
}

/** Every product, category page and news post, with the home, catalogue and news pages and the legal pages. */
export async function buildSitemap(db: Db, base: string): Promise<string> {
  const [products, categories, news, legal] = await Promise.all([
    db.selectFrom('products').select(['url', 'updatedAt']).orderBy('id').limit(maxUrls).execute(),
    db.selectFrom('categories').select('url').orderBy('id').execute(),
    db.selectFrom('news').select(['url', 'updatedAt']).orderBy('id').execute(),
    legalSitemapEntries(db, base),
  ]);
  const entries = [
    urlEntry(`${base}/`),
    urlEntry(`${base}/catalog`),
    urlEntry(`${base}/news`),
    ...categories.map((row) => urlEntry(`${base}/catalog?categories=${encodeURIComponent(row.url)}`)),
    ...products.map((row) => urlEntry(`${base}/product/${encodeURIComponent(row.url)}`, row.updatedAt)),
    ...news.map((row) => urlEntry(`${base}/news/${encodeURIComponent(row.url)}`, row.updatedAt)),
    ...legal.map((row) => urlEntry(row.loc, row.lastmod)),
  ].slice(0, maxUrls);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`;
}

export function robotsTxt(base: string): string {
  return ['User-agent: *', 'Disallow: /admin', 'Disallow: /api', 'Disallow: /trpc', 'Disallow: /profile', '', `Sitemap: ${base}/sitemap.xml`, ''].join('\n');
}

export function registerSeoRoutes(app: FastifyInstance, db: Db, base: string): void {
  app.get('/sitemap.xml', async (_request, reply) =>
    reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=600').send(await buildSitemap(db, base)),
  );
  app.get('/robots.txt', (_request, reply) => reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robotsTxt(base)));
}
