import type { Config } from '../config.js';
import { openDatabase, requestTimeouts, type DatabaseHandle } from './connection.js';
import { ReadRouting } from './replica.js';

export interface OpenedReads {
  reads: ReadRouting;
  /** Closes the replica's pool (the primary is the caller's). */
  close(): Promise<void>;
}

/**
 * The read routing the configuration asks for: with `DATABASE_REPLICA_URL` on PostgreSQL, a pool
 * on the replica (the same timeouts as the primary's, connected lazily: a replica down at start-up
 * is only bypassed); on the embedded database the variable is ignored with a warning.
 */
export async function openReadRouting(
  config: Config,
  primary: DatabaseHandle,
  options: { log: (message: string) => void; schema?: string; poolSize?: number },
): Promise<OpenedReads> {
  const replicaConfig = config.databaseReplica;
  if (!replicaConfig) return { reads: ReadRouting.primaryOnly(primary.db), close: () => Promise.resolve() };
  if (primary.kind !== 'postgres') {
    options.log('DATABASE_REPLICA_URL is ignored: the embedded database has no replicas (set DATABASE_URL to use PostgreSQL)');
    return { reads: ReadRouting.primaryOnly(primary.db), close: () => Promise.resolve() };
  }
  const replica = await openDatabase({
    databaseUrl: replicaConfig.url,
    dataDir: config.dataDir,
    timeouts: requestTimeouts(config.databaseTimeouts),
    ...(options.schema ? { schema: options.schema } : {}),
    ...(options.poolSize ? { poolSize: options.poolSize } : {}),
    onConnectionError: (error) => options.log(`Read replica connection lost: ${error.message}`),
  });
  return { reads: new ReadRouting({ primary: primary.db, replica: replica.db, maxLagMs: replicaConfig.maxLagMs }), close: () => replica.close() };
}
