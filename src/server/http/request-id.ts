import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/**
 * Every request has an id (docs/logging.md): the `X-Request-Id` a proxy or client sent when it is
 * sane (1–64 letters, digits, `.`, `_`, `:`, `-`: nothing a log line or a header could be broken
 * with), otherwise a fresh UUID. It is `reqId` in each of the request's log lines, the
 * `X-Request-Id` header of the answer, and `requestId` in a JSON error answer.
 */
export const requestIdHeader = 'x-request-id';

const sane = /^[A-Za-z0-9._:-]{1,64}$/;

export function requestId(request: IncomingMessage): string {
  const given = request.headers[requestIdHeader];
  return typeof given === 'string' && sane.test(given) ? given : randomUUID();
}

/** Fastify's options for the id: made by `requestId` (Fastify logs it as `reqId`). */
export const requestIdOptions = { genReqId: requestId, requestIdHeader: false } as const;

/** Echoes the id in every answer, refusals included. */
export function registerRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header(requestIdHeader, request.id);
    done();
  });
}
