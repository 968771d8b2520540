import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { messageForStatus } from '../../shared/errors.js';

/**
 * The built React app: hashed assets cached for a year (`immutable`), sent as the brotli or gzip
 * file made at build time when the browser accepts one (scripts/compress-assets.mjs), and
 * index.html — revalidated on every visit — for every other GET or HEAD that wants a page (the
 * router in the browser decides what to show). /api and /trpc keep their JSON 404.
 */
export function serveStorefront(app: FastifyInstance, clientDir: string): void {
  const hasClient = fs.existsSync(path.join(clientDir, 'index.html'));
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

  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url.startsWith('/api') || request.url.startsWith('/trpc');
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (wantsPage && !isApi && !path.extname(request.url.split('?')[0] ?? '')) {
      if (!hasClient) {
        return reply.code(503).type('text/html; charset=utf-8').send('<p>Клиент не собран: выполните <code>npm run build</code>.</p>');
      }
      return reply.sendFile('index.html', clientDir);
    }
    return reply.code(404).send({ statusCode: 404, message: messageForStatus(404) });
  });
}
