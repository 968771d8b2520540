import { isReplicaFault } from '../db/replica.js';
import { publicProcedure } from '../trpc.js';

/**
 * A public catalogue or content read that may be served by the read replica (docs/replicas.md):
 * its handler reads `ctx.readDb`, which `ReadRouting` chose for this caller. A read the replica
 * fails (gone, shut down, a statement cancelled by recovery) is run again on the primary, and the
 * replica is bypassed until the probe finds it well again. Writes and admin screens use `ctx.db`.
 */
export const replicaReadProcedure = publicProcedure.use(async ({ ctx, next }) => {
  const chosen = ctx.reads.forCaller({ user: ctx.user, ip: ctx.ip });
  if (chosen === ctx.db) return next({ ctx: { readDb: ctx.db } });
  const result = await next({ ctx: { readDb: chosen } });
  if (result.ok || !isReplicaFault(result.error.cause)) return result;
  ctx.reads.replicaFailed(result.error.cause);
  return next({ ctx: { readDb: ctx.db } });
});
