import fs from 'node:fs';
import { restError } from './error-shape.js';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { messageForStatus } from '../../shared/errors.js';
import type { Db } from '../db/connection.js';
import { renderShell } from './seo/html.js';
import { pageHead } from './seo/page-meta.js';
import { registerSeoRoutes } from './seo/sitemap.js';

/**
 * The built React app: hashed assets cached for a year (`immutable`), sent as the brotli or gzip
 * file made at build time when the browser accepts one (scripts/compress-assets.mjs), and
 * index.html — revalidated on every visit — for every other GET or HEAD that wants a page (the
 * router in the browser decides what to show). /api and /trpc keep their JSON 404.
 * Each page's first HTML carries its own title, description, canonical URL, Open Graph tags and
 * (products) JSON-LD, and a path no page answers is a 404 with the shell (http/seo/).
 */
export function serveStorefront(app: FastifyInstance, clientDir: string, db: Db, publicUrl: string): void {
  const hasClient = fs.existsSync(path.join(clientDir, 'index.html'));
  const template = hasClient ? fs.readFileSync(path.join(clientDir, 'index.html'), 'utf8') : '';
  registerSeoRoutes(app, db, publicUrl);
  if (hasClient) {
    void app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(reply, filePath) {
        // Vite names assets by content hash: they never change under the same name.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) reply.header('cache-control', 'public, max-age=31536000, immutable');
        // The page names the current assets: always asked again (a 304 when nothing changed).
        else if (path.basename(filePath).startsWith('index.html')) reply.header('cache-control', 'no-cache');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const isApi = request.url.startsWith('/api') || request.url.startsWith('/trpc');
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (wantsPage && !isApi && !path.extname(request.url.split('?')[0] ?? '')) {
      if (!hasClient) {
        return reply.code(503).type('text/html; charset=utf-8').send('<p>Клиент не собран: выполните <code>npm run build</code>.</p>');
      }
      const url = new URL(`http://shop.invalid${request.url}`);
      const page = await pageHead(db, publicUrl, url.pathname, url.searchParams);
      return reply.code(page.status).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(renderShell(template, page.head));
    }
    return reply.code(404).send(restError(404, messageForStatus(404)));
  });
}
