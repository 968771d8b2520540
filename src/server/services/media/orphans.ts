import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/connection.js';
import type { ImageStore } from './store.js';

/**
 * An object no image width refers to is removed once it is this old: an upload writes its
 * objects before its transaction commits (seconds), so an hour never catches one in progress.
 */
export const orphanAgeMs = 3_600_000;

export interface OrphanSweepOptions {
  db: Db;
  store: ImageStore;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  everyMs?: number;
}

/**
 * Housekeeping of an object store, in every instance (removing is idempotent): at start-up and
 * every hour, objects left by failed uploads or by deletes whose removal failed are removed.
 * Nothing to do for the database store, whose bytes are written in the metadata's transaction.
 */
export function startOrphanSweep({ db, store, log, everyMs = 3_600_000 }: OrphanSweepOptions): { stop(): Promise<void> } {
  const removeOrphans = store.removeOrphans?.bind(store);
  if (!removeOrphans) return { stop: () => Promise.resolve() };
  let running: Promise<void> = Promise.resolve();
  const sweep = () => {
    running = removeOrphans(db, new Date(Date.now() - orphanAgeMs))
      .then((removed) => {
        if (removed) log.info({ images: { orphanObjects: removed } }, 'housekeeping: images');
      })
      .catch((error: unknown) => log.warn({ err: error }, 'housekeeping: images failed'));
  };
  const timer = setInterval(sweep, everyMs);
  timer.unref();
  sweep();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
