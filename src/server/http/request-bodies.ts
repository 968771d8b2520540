import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { domainMessages, statusMessages } from '../../shared/errors.js';
import type { RateLimits } from '../services/platform/rate-limit.js';
import { defaultBodyLimit, jsonShapeBounds, trpcBodyLimit } from './body-limits.js';
import { JsonShapeScanner, type JsonShapeProblem } from './json-shape.js';
import { trpcRouteUrl } from './trpc-route.js';

/**
 * Request bodies cost only what the route needs. Before anything is read (`onRequest`, after
 * routing): a request carrying a body counts against its IP's budget (429 past it), and a declared
 * Content-Length over the route's limit is refused (413). Then the one JSON parser of the app reads
 * a body only for a route that takes one (POST, PUT or PATCH of a real route, a tRPC request naming
 * a mutation), stops at the route's limit, and scans the body's shape (keys, items, depth) as it
 * arrives, before JSON.parse. An unknown route, a GET, HEAD or DELETE, or a tRPC query leaves the
 * body unread: Node discards a small one after the answer, and a larger one (over the default
 * limit, or chunked) is not read at all, the answer closing the connection. Every refusal here
 * closes the connection too, so nothing more of its body is read.
 *
 * Limits per route: the façade's routes carry Fastify's own `bodyLimit` (body-limits.ts, by
 * procedure), the tRPC route takes its limit from the procedures its URL names, and the multipart
 * upload keeps the limits of its own parser (rest/media.ts). Refusals are errors with a status:
 * the app's error handler answers `{ statusCode, message }`, the tRPC route's answers in tRPC's
 * envelope (trpc-route.ts).
 */

class BodyRefusal extends Error {
  constructor(
    readonly statusCode: number,
    message: string = statusMessages[statusCode]!,
  ) {
    super(message);
  }
}

const shapeMessages: Record<Exclude<JsonShapeProblem, null>, string> = {
  members: `${statusMessages[400]} ${domainMessages.jsonTooManyMembers} ${jsonShapeBounds.maxMembers}.`,
  depth: `${statusMessages[400]} ${domainMessages.jsonTooDeep} ${jsonShapeBounds.maxDepth}.`,
};

const bodyMethods = new Set(['POST', 'PUT', 'PATCH']);

/** How long a request past its IP's body budget waits for its 429 (the connection held, unread). */
export const refusalPauseMs = 1_000;

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

type Done = (error: Error | null, body?: unknown) => void;

/**
 * Reads the body chunk by chunk, scanning its shape as it arrives; stops reading at the first
 * chunk past the limit or a bound of shape (the refusal then closes the connection).
 */
function readJson(payload: IncomingMessage, limit: number, finish: (error: Error | null, bytes?: Buffer) => void): void {
  const chunks: Buffer[] = [];
  const scanner = new JsonShapeScanner(jsonShapeBounds);
  let received = 0;
  const stop = (error: Error | null, bytes?: Buffer) => {
    payload.off('data', onData);
    payload.off('end', onEnd);
    payload.off('error', onError);
    if (error) payload.pause();
    finish(error, bytes);
  };
  function onData(chunk: Buffer) {
    received += chunk.length;
    const problem = received > limit ? null : scanner.push(chunk);
    if (received > limit) stop(new BodyRefusal(413));
    else if (problem) stop(new BodyRefusal(400, shapeMessages[problem]));
    else chunks.push(chunk);
  }
  function onEnd() {
    stop(null, chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, received));
  }
  function onError(error: Error) {
    stop(Object.assign(error, { statusCode: 400 }));
  }
  payload.on('data', onData);
  payload.on('end', onEnd);
  payload.on('error', onError);
}

/** JSON for every route of the app: read within the route's limit, its shape bounded, then parsed. */
function parseJsonBody(request: FastifyRequest, payload: IncomingMessage, done: Done): void {
  const limit = bodyLimitOf(request);
  if (typeof limit !== 'number' || limit === 0) {
    done(null, undefined);
    return;
  }
  readJson(payload, limit, (error, bytes) => {
    if (error || !bytes) {
      done(error);
      return;
    }
    const text = bytes.toString('utf8');
    // A body-less POST or PUT (e.g. "send the confirmation e-mail again") may still say it is JSON.
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    // tRPC parses its own body (with its transformer's envelope); the façade takes the object.
    if (isTrpc(request)) {
      done(null, text);
      return;
    }
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new BodyRefusal(400));
    }
  });
}

/** Any other content type: ignored where no body is taken, refused (415) unread where one is. */
function parseOtherBody(request: FastifyRequest, _payload: IncomingMessage, done: Done): void {
  if (bodyLimitOf(request) === 0) done(null, undefined);
  else done(new BodyRefusal(415));
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
    const declaredHeader = request.headers['content-length'];
    const chunked = request.headers['transfer-encoding'] !== undefined;
    if (!chunked && (declaredHeader === undefined || declaredHeader === '0')) return;
    // Absent with a chunked body: its length is known only once read.
    const declared = chunked ? undefined : Number(declaredHeader);

    const wait = await rateLimits.consumeOrWait('body', request.ip);
    if (wait > 0) {
      // Answered after a pause: a client that sends its next body as soon as it is refused costs
      // the shop one refusal a second per connection instead of thousands (body-flood bench).
      await new Promise((resolve) => setTimeout(resolve, refusalPauseMs));
      reply.header('connection', 'close').header('retry-after', String(wait));
      throw new BodyRefusal(429);
    }
    const limit = bodyLimitOf(request);
    if (typeof limit === 'number' && limit > 0 && declared !== undefined && declared > limit) {
      reply.header('connection', 'close');
      throw new BodyRefusal(413);
    }
    // A large body nobody takes is not even read to be thrown away: the connection ends with the answer.
    if (limit === 0 && (declared === undefined || declared > defaultBodyLimit)) reply.header('connection', 'close');
  });
}
