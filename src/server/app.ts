import fs from 'node:fs';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import fastifyStatic from '@fastify/static';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import Fastify, { type FastifyInstance } from 'fastify';
import { messageForStatus } from '../shared/errors.js';
import type { Config } from './config.js';
import { contextFactory, type AppServices } from './context.js';
import type { Db } from './db/connection.js';
import { restPlugin } from './rest/index.js';
import { appRouter, type AppRouter } from './routers/index.js';
import { Mailer } from './services/mailer.js';
import { RateLimits } from './services/rate-limit.js';
import { TokenService } from './services/tokens.js';

export interface BuildAppOptions {
  config: Config;
  db: Db;
  /** The built React app; defaults to ./dist/client. */
  clientDir?: string;
  logger?: boolean;
}

function serveClient(app: FastifyInstance, clientDir: string): void {
  const indexHtml = path.join(clientDir, 'index.html');
  const hasClient = fs.existsSync(indexHtml);
  if (hasClient) {
    void app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      setHeaders(reply, filePath) {
        // Vite names assets by content hash: they never change under the same name.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) reply.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }

  // SPA fallback: every other GET that wants a page gets index.html; the router in the browser
  // decides what to show. /api and /trpc keep their JSON 404.
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url.startsWith('/api') || request.url.startsWith('/trpc');
    if (request.method === 'GET' && !isApi && !path.extname(request.url.split('?')[0] ?? '')) {
      if (!hasClient) {
        return reply.code(503).type('text/html; charset=utf-8').send('<p>Клиент не собран: выполните <code>npm run build</code>.</p>');
      }
      return reply.header('cache-control', 'no-cache').sendFile('index.html', clientDir);
    }
    return reply.code(404).send({ statusCode: 404, message: messageForStatus(404) });
  });
}

/**
 * A request Node cannot even parse (e.g. raw non-ASCII bytes in the URL instead of %-escapes) gets
 * the SPEC's 400 in Russian, like every other refusal, instead of Node's English text.
 */
function answerMalformedRequest(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const body = JSON.stringify({ statusCode: 400, message: messageForStatus(400) });
  socket.end(
    `HTTP/1.1 400 Bad Request\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** Builds the whole Fastify app (used by main.ts and by the tests); does not listen. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    routerOptions: { maxParamLength: 5000 },
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
    clientErrorHandler: answerMalformedRequest,
  });

  const services: AppServices = {
    config,
    db,
    tokens: new TokenService(config.jwtSecret),
    mailer: new Mailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db, log: app.log }),
    rateLimits: new RateLimits({ perMinute: config.rateLimitPerMinute, redisUrl: config.redisUrl, log: app.log }),
  };
  // Letters still being sent go out before the database closes.
  app.addHook('onClose', async () => {
    await services.mailer.close();
    await services.rateLimits.close();
  });

  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      createContext: contextFactory(services),
      onError({ error, path: procedurePath }) {
        if (error.code === 'INTERNAL_SERVER_ERROR') app.log.error({ err: error.cause ?? error, path: procedurePath }, 'tRPC procedure failed');
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  });

  await app.register(restPlugin(services));
  serveClient(app, options.clientDir ?? path.resolve('dist/client'));
  return app;
}
