import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { codeForStatus, domainMessages, messageForStatus, userMessage, validationMessage, type ValidationIssue } from '../../shared/errors.js';
import { isDatabaseUnavailable } from '../db/errors.js';
import { requestIdHeader } from './request-id.js';

/**
 * Every failure outside tRPC is `{ statusCode, code, message, requestId }`: the HTTP status
 * repeated, a machine-readable code (`NOT_FOUND`, `CONFLICT`…), the Russian message (docs/api.md)
 * and the request's id, as in its log lines and its `X-Request-Id` header (docs/logging.md). Only
 * a request Node could not parse (answerMalformedRequest) has no id.
 */
export interface RestError {
  statusCode: number;
  code: string;
  message: string;
  requestId?: string;
}

/** Seconds a client is told to wait before repeating a request refused with 503. */
export const retryAfterSeconds = 5;

export function restError(statusCode: number, message: string): RestError {
  return { statusCode, code: codeForStatus(statusCode), message };
}

export function toRestError(statusCode: number, body: unknown): RestError {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const issues = Array.isArray(record['issues']) ? (record['issues'] as ValidationIssue[]) : undefined;
  const message = issues?.length ? validationMessage(issues) : userMessage(statusCode, record['message']);
  return restError(statusCode, message);
}

function parseJson(payload: unknown): unknown {
  const text = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : undefined;
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * One shape for every refusal, whoever makes it: the façade, the raw routes, and Fastify itself
 * (a malformed or over-long path, an oversized body, a bad content type, a timeout). tRPC answers
 * in its own envelope, with messages from the same catalogue, and is left alone.
 */
export function useRestErrorShape(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.code(503).header('retry-after', String(retryAfterSeconds)).type('application/json').send(restError(503, domainMessages.databaseUnavailable));
    }
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) request.log.error(error);
    // A refusal written for people (http/request-bodies.ts) keeps its message; Fastify's English ones do not.
    const message = status < 500 ? userMessage(status, error.message) : messageForStatus(status);
    return reply.code(status).type('application/json').send(restError(status, message));
  });

  // Synchronous (done callback): this hook runs on every answer.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (reply.statusCode < 400 || request.url.startsWith('/trpc') || !String(reply.getHeader('content-type') ?? '').includes('json')) {
      done(null, payload);
      return;
    }
    if (!reply.hasHeader(requestIdHeader)) void reply.header(requestIdHeader, request.id);
    done(null, JSON.stringify({ ...toRestError(reply.statusCode, parseJson(payload)), requestId: request.id }));
  });
}

/** Fastify's refusals made before any route or hook runs: a malformed or an over-long path. */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  void reply.code(status).type('application/json').send(restError(status, messageForStatus(status)));
}

/**
 * A request Node cannot even parse (raw non-ASCII bytes in the URL, headers too large, a timeout
 * before the request was read) gets the catalogue's answer in Russian instead of Node's English.
 */
export function answerMalformedRequest(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const reason = status === 431 ? 'Request Header Fields Too Large' : status === 408 ? 'Request Timeout' : 'Bad Request';
  const message = status === 408 ? domainMessages.requestTimeout : messageForStatus(status);
  const body = JSON.stringify(restError(status, message));
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
