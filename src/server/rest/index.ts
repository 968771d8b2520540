import type { TRPCError } from '@trpc/server';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { fastifyTRPCOpenApiPlugin } from 'trpc-to-openapi';
import { messageForStatus, userMessage, validationMessage, type ValidationIssue } from '../../shared/errors.js';
import type { AppServices } from '../context.js';
import { contextFactory } from '../context.js';
import { appRouter } from '../routers/index.js';
import { registerDocsPage } from './docs.js';
import { imageRoutes } from './images.js';
import { buildOpenApiDocument } from './openapi.js';

/** SPEC.md section 8: every REST failure is `{ statusCode, message }` with the Russian message. */
export interface RestError {
  statusCode: number;
  message: string;
}

function toRestError(statusCode: number, body: unknown): RestError {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const issues = Array.isArray(record['issues']) ? (record['issues'] as ValidationIssue[]) : undefined;
  const message = issues?.length ? validationMessage(issues) : userMessage(statusCode, record['message']);
  return { statusCode, message };
}

function parseJson(payload: unknown): unknown {
  if (typeof payload !== 'string') return undefined;
  try {
    return JSON.parse(payload);
  } catch {
    return undefined;
  }
}

/**
 * The REST façade at /api: trpc-to-openapi routes each SPEC path to the procedure that declares
 * it in `meta.openapi`, so the façade is a table by construction and holds no business logic.
 * Here we only shape its answers into the SPEC's error format.
 */
export function restPlugin(services: AppServices): FastifyPluginAsync {
  return async (app: FastifyInstance) => {
    const document = buildOpenApiDocument();

    app.get('/api/openapi.json', (_request, reply) => reply.send(document));
    await registerDocsPage(app);

    // A body-less POST or PUT (e.g. "send the confirmation e-mail again") is valid JSON-wise.
    app.addHook('preHandler', (request, _reply, done) => {
      if (request.method !== 'GET' && request.method !== 'DELETE' && !request.headers['content-type']) {
        request.headers['content-type'] = 'application/json';
      }
      done();
    });

    // Hooks of this plugin apply to the /api routes only (Fastify encapsulation). The adapter
    // rewrites request.url, so the path is not checked here.
    app.addHook('onSend', (_request, reply, payload, done) => {
      if (reply.statusCode < 400 || !String(reply.getHeader('content-type') ?? '').includes('json')) {
        done(null, payload);
        return;
      }
      done(null, JSON.stringify(toRestError(reply.statusCode, parseJson(payload))));
    });

    app.setErrorHandler((error: unknown, request, reply) => {
      const status = error instanceof Error && 'statusCode' in error ? error.statusCode : undefined;
      const statusCode = typeof status === 'number' && status >= 400 ? status : 500;
      if (statusCode >= 500) request.log.error(error);
      return reply.code(statusCode).type('application/json').send({ statusCode, message: messageForStatus(statusCode) });
    });

    // Raw routes before the procedures' catch-all: the multipart upload and the image bytes.
    await app.register(imageRoutes(services));

    await app.register(fastifyTRPCOpenApiPlugin, {
      basePath: '/api',
      router: appRouter,
      createContext: contextFactory(services),
      onError: ({ error, path }: { error: TRPCError; path: string | undefined }) => {
        if (error.code === 'INTERNAL_SERVER_ERROR') app.log.error({ err: error.cause ?? error, path }, 'REST procedure failed');
      },
    });
  };
}
