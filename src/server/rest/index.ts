import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { messageForStatus, userMessage, validationMessage, type ValidationIssue } from '../../shared/errors.js';
import type { AppServices } from '../context.js';
import { registerDocsPage } from './docs.js';
import { registerFacade } from './facade.js';
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
 * The REST façade at /api: one route per procedure that declares a SPEC path in `meta.openapi`
 * (facade.ts), so the façade is a table by construction and holds no business logic; the OpenAPI
 * document is generated from the same procedures by trpc-to-openapi.
 */
export function restPlugin(services: AppServices): FastifyPluginAsync {
  return async (app: FastifyInstance) => {
    const document = buildOpenApiDocument();

    app.get('/api/openapi.json', (_request, reply) => reply.send(document));
    await registerDocsPage(app);

    // A body-less POST or PUT (e.g. "send the confirmation e-mail again") may still say it is JSON.
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (text.trim() === '') {
        done(null, undefined);
        return;
      }
      try {
        done(null, JSON.parse(text));
      } catch {
        done(Object.assign(new Error('Invalid JSON body'), { statusCode: 400 }), undefined);
      }
    });

    // Hooks of this plugin apply to the /api routes only (Fastify encapsulation): answers of the
    // raw routes and of Fastify itself get the SPEC's error shape.
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

    // Raw routes: the multipart upload and the image bytes.
    await app.register(imageRoutes(services));
    registerFacade(app, services);
  };
}
