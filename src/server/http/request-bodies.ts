import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { domainMessages, statusForCode, statusMessages, type ErrorCode } from '../../shared/errors.js';
import type { RateLimits } from '../services/rate-limit.js';
import { jsonShapeBounds, trpcBodyLimit } from './body-limits.js';
import { jsonShapeProblem } from './json-shape.js';

/**
 * Request bodies cost only what the route needs. Before anything is read (`onRequest`, after
 * routing): a request carrying a body counts against its IP's budget (429 past it), and a declared
 * Content-Length over the route's limit is refused (413). Then the one JSON parser of the app reads
 * a body only for a route that takes one (POST, PUT or PATCH of a real route, a tRPC request naming
 * a mutation), stops at the route's limit, and looks at the body's shape (keys, items, depth)
 * before JSON.parse. An unknown route, a GET, HEAD or DELETE, or a tRPC query leaves the body
 * unread; Node discards it after the answer.
 *
 * Limits per route: the façade's routes carry Fastify's own `bodyLimit` (body-limits.ts, by
 * procedure), the tRPC route takes its limit from the procedures its URL names, and the multipart
 * upload keeps the limits of its own parser (rest/images.ts).
 */

/** The tRPC route (trpc-route.ts): its refusals are answered by tRPC, in tRPC's envelope. */
export const trpcRouteUrl = '/trpc/:path';

/** Why a request was refused without its body being parsed. */
export interface BodyRefusal {
  code: Extract<ErrorCode, 'BAD_REQUEST' | 'PAYLOAD_TOO_LARGE' | 'UNSUPPORTED_MEDIA_TYPE' | 'TOO_MANY_REQUESTS'>;
  message: string;
  retryAfterSeconds?: number;
}

const refusals = new WeakMap<FastifyRequest, BodyRefusal>();

/** A tRPC request refused here: trpc-route.ts has tRPC answer it. */
export function bodyRefusalOf(request: FastifyRequest): BodyRefusal | undefined {
  return refusals.get(request);
}

const bodyMethods = new Set(['POST', 'PUT', 'PATCH']);

const tooLarge: BodyRefusal = { code: 'PAYLOAD_TOO_LARGE', message: statusMessages[413]! };
const unsupportedType: BodyRefusal = { code: 'UNSUPPORTED_MEDIA_TYPE', message: statusMessages[415]! };
const shapeRefusals: Record<'members' | 'depth', BodyRefusal> = {
  members: { code: 'BAD_REQUEST', message: `${statusMessages[400]} ${domainMessages.jsonTooManyMembers} ${jsonShapeBounds.maxMembers}.` },
  depth: { code: 'BAD_REQUEST', message: `${statusMessages[400]} ${domainMessages.jsonTooDeep} ${jsonShapeBounds.maxDepth}.` },
};

function isTrpc(request: FastifyRequest): boolean {
  return !request.is404 && request.routeOptions.url === trpcRouteUrl;
}

function isMultipart(request: FastifyRequest): boolean {
  return (request.headers['content-type'] ?? '').toLowerCase().startsWith('multipart/form-data');
}

/** The bytes the route reads: 0 when it takes no body, `multipart` when its own parser decides. */
function bodyLimitOf(request: FastifyRequest): number | 'multipart' {
  if (request.is404 || !bodyMethods.has(request.method)) return 0;
  if (isTrpc(request)) {
    const { path = '' } = request.params as { path?: string };
    return trpcBodyLimit(path, (request.query as Record<string, unknown>)['batch'] === '1');
  }
  if (isMultipart(request)) return 'multipart';
  return request.routeOptions.bodyLimit ?? 0;
}

function carriesBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * A refusal made before the body is read: the connection is closed after the answer, so the body
 * is not read at all. tRPC's refusals are kept for its handler, which answers them in its envelope.
 */
function refuseUnread(request: FastifyRequest, reply: FastifyReply, refusal: BodyRefusal): FastifyReply | undefined {
  reply.header('connection', 'close');
  if (refusal.retryAfterSeconds !== undefined) reply.header('retry-after', String(refusal.retryAfterSeconds));
  if (isTrpc(request)) {
    refusals.set(request, refusal);
    return undefined;
  }
  const statusCode = statusForCode(refusal.code);
  return reply.code(statusCode).type('application/json').send({ statusCode, message: refusal.message });
}

type Done = (error: Error | null, body?: unknown) => void;

/** A refusal made by a parser: tRPC's is kept for its handler, any other becomes the error answered. */
function refuseInParser(request: FastifyRequest, refusal: BodyRefusal, done: Done): void {
  if (isTrpc(request)) {
    refusals.set(request, refusal);
    done(null, undefined);
    return;
  }
  done(Object.assign(new Error(refusal.message), { statusCode: statusForCode(refusal.code) }));
}

/** Reads the body up to `limit` bytes; past it, stops reading and answers null. */
function readBody(payload: IncomingMessage, limit: number, finish: (error: Error | null, bytes: Buffer | null) => void): void {
  const chunks: Buffer[] = [];
  let received = 0;
  const cleanup = () => {
    payload.off('data', onData);
    payload.off('end', onEnd);
    payload.off('error', onError);
  };
  function onData(chunk: Buffer) {
    received += chunk.length;
    if (received > limit) {
      cleanup();
      payload.pause();
      finish(null, null);
      return;
    }
    chunks.push(chunk);
  }
  function onEnd() {
    cleanup();
    finish(null, chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, received));
  }
  function onError(error: Error) {
    cleanup();
    finish(error, null);
  }
  payload.on('data', onData);
  payload.on('end', onEnd);
  payload.on('error', onError);
}

/** JSON for every route of the app: read within the route's limit, its shape bounded, then parsed. */
function parseJsonBody(request: FastifyRequest, payload: IncomingMessage, done: Done): void {
  const limit = bodyLimitOf(request);
  if (refusals.has(request) || typeof limit !== 'number' || limit === 0) {
    done(null, undefined);
    return;
  }
  readBody(payload, limit, (error, bytes) => {
    if (error) {
      done(Object.assign(error, { statusCode: 400 }));
      return;
    }
    if (bytes === null) {
      refuseInParser(request, tooLarge, done);
      return;
    }
    if (bytes.length === 0) {
      // A body-less POST or PUT (e.g. "send the confirmation e-mail again") may still say it is JSON.
      done(null, undefined);
      return;
    }
    const problem = jsonShapeProblem(bytes, jsonShapeBounds);
    if (problem) {
      refuseInParser(request, shapeRefusals[problem], done);
      return;
    }
    const text = bytes.toString('utf8');
    // tRPC parses its own body (with its transformer's envelope); the façade takes the object.
    if (isTrpc(request)) {
      done(null, text);
      return;
    }
    try {
      done(null, text.trim() === '' ? undefined : JSON.parse(text));
    } catch {
      done(Object.assign(new Error('Invalid JSON body'), { statusCode: 400 }));
    }
  });
}

/** Any other content type: ignored where no body is taken, refused (415) unread where one is. */
function parseOtherBody(request: FastifyRequest, _payload: IncomingMessage, done: Done): void {
  if (refusals.has(request) || bodyLimitOf(request) === 0) {
    done(null, undefined);
    return;
  }
  refuseInParser(request, unsupportedType, done);
}

/**
 * Installs the budget, the limits and the parsers on the root instance. Call before any route or
 * plugin is registered: plugins inherit these parsers (the upload's multipart parser is added in
 * its own scope), and Fastify's own JSON and text parsers are removed.
 */
export function registerRequestBodies(app: FastifyInstance, rateLimits: RateLimits): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', parseJsonBody);
  app.addContentTypeParser('*', parseOtherBody);

  app.addHook('onRequest', async (request, reply) => {
    if (!carriesBody(request)) return;
    const wait = await rateLimits.consumeOrWait('body', request.ip);
    if (wait > 0) return refuseUnread(request, reply, { code: 'TOO_MANY_REQUESTS', message: statusMessages[429]!, retryAfterSeconds: wait });
    const limit = bodyLimitOf(request);
    if (typeof limit === 'number' && limit > 0 && Number(request.headers['content-length']) > limit) return refuseUnread(request, reply, tooLarge);
  });
}
