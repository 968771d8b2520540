import { AsyncLocalStorage } from 'node:async_hooks';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * Work that outlives its client is cancelled: every request runs with an AbortSignal
 * that fires when its client goes away before the answer is sent. The PostgreSQL pool
 * (connection.ts) cancels a statement of that request still running (the protocol's
 * CancelRequest) and refuses to start new ones but a rollback. PGlite's pool does not look at the
 * signal: one in-process session, nothing to cancel, so a request there runs to its end.
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
  app.addHook('onRequest', (request, reply, done) => {
    const controller = new AbortController();
    // The response closes before it finished only when the connection went away.
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) controller.abort();
    });
    // The rest of the request (hooks, handler) continues from here, inside the scope, two turns
    // of the event loop later: a request taken from a backlog often arrives with its client's end
    // of stream, which libuv reads only at the next poll (a read that did not fill its buffer
    // stops there). Without that look statements would start for clients already gone, and the
    // database would start and cancel work for nobody (one turn was measured to catch too few).
    requestScope.run({ signal: controller.signal }, () =>
      setImmediate(() =>
        setImmediate(() => {
          const socket = request.raw.socket as Socket | null;
          if (!socket || socket.destroyed || socket.readableEnded) controller.abort();
          done();
        }),
      ),
    );
  });
}
