import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { domainMessages } from '../../shared/errors.js';
import type { Db } from '../db/connection.js';
import { restError, retryAfterSeconds } from './error-shape.js';

/** How long /ready waits for the database before saying it is not ready. */
const readyTimeoutMs = 2_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * For load balancers and orchestrators: `/health` says the process is up and serving (liveness),
 * `/ready` that the database answers too (readiness). Neither is logged as a request of interest.
 */
export function registerHealthRoutes(app: FastifyInstance, db: Db): void {
  app.get('/health', { logLevel: 'warn' }, (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }));
  app.get('/ready', { logLevel: 'warn' }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    try {
      await withTimeout(sql`select 1`.execute(db), readyTimeoutMs);
      return reply.send({ status: 'ready' });
    } catch {
      return reply
        .code(503)
        .header('retry-after', String(retryAfterSeconds))
        .send(restError(503, domainMessages.databaseUnavailable));
    }
  });
}
