import zlib from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Answers made per request (JSON of the API and tRPC, pages rendered by the server) are
 * compressed when larger than 1 KB and the client accepts it: brotli at a low quality (fast
 * enough per request), else gzip. Static assets are compressed at build time instead
 * (http/storefront.ts), and images are never compressed again.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}
