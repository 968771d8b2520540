import type { FastifyInstance } from 'fastify';
import { requestUser, type ReadRouting } from '../db/replica.js';

/** Methods that never write; any other request counts as a write of its caller. */
const readingMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Read-your-writes (docs/replicas.md): every request that may write (tRPC mutations, REST writes,
 * uploads), answered or refused, marks its caller (the signed-in user and the client's network)
 * before its answer is sent, so the caller's next reads go to the primary until the replica is
 * proven to hold what was written.
 */
export function registerReadYourWrites(app: FastifyInstance, reads: ReadRouting): void {
  if (!reads.replica) return;
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (!readingMethods.has(request.method)) reads.wrote(requestUser(request), request.ip);
    done(null, payload);
  });
}
