import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';

/**
 * Work that outlives its client is cancelled (issue 13): every request runs with an AbortSignal
 * that fires when its client goes away before the answer is sent. The PostgreSQL pool
 * (connection.ts) cancels a statement of that request still running (`pg_cancel_backend`) and
 * refuses to start new ones; PGlite runs one statement at a time in-process and has nothing to
 * cancel, so there the signal only stops later statements of the request.
 */
export interface RequestScope {
  signal: AbortSignal;
}

export const requestScope = new AsyncLocalStorage<RequestScope>();

/** The error a statement of a request whose client has gone fails with. */
export class ClientGoneError extends Error {
  constructor() {
    super('The client closed the request');
    this.name = 'ClientGoneError';
  }
}

/** A request failed only because its client went away: nothing to report as a fault. */
export function isClientGone(error: { cause?: unknown }): boolean {
  return error instanceof ClientGoneError || error.cause instanceof ClientGoneError;
}

export function registerRequestScope(app: FastifyInstance): void {
  app.addHook('onRequest', (_request, reply, done) => {
    const controller = new AbortController();
    // The response closes before it finished only when the connection went away.
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) controller.abort();
    });
    // The rest of the request (hooks, handler) continues from here, inside the scope.
    requestScope.run({ signal: controller.signal }, done);
  });
}
