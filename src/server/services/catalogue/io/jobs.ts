import { randomUUID } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import type { Db } from '../../../db/connection.js';
import { applyImport, importSteps } from './apply.js';
import { previewImport, type ImportPlan, type ImportPreview } from './plan.js';

export type ImportStatus = 'checked' | 'running' | 'done' | 'failed';

/** What the admin's screen polls: the job's state and how far its transaction has got. */
export interface ImportState {
  importId: string;
  status: ImportStatus;
  done: number;
  total: number;
  /** Why it failed (nothing was written), in Russian. */
  error: string | null;
}

interface Job {
  state: ImportState;
  ownerId: number;
  plan: ImportPlan | null;
  createdAt: number;
}

/** A checked file waits this long for its apply. */
const jobLifetimeMs = 60 * 60 * 1000;

/**
 * Imports of this process (docs/catalogue-import.md): a checked file and its plan, kept in memory
 * until applied or an hour old; one import runs at a time. The poll reads memory only, so it
 * answers while the import's transaction holds the embedded database's one connection.
 */
export class CatalogueImports {
  private readonly jobs = new Map<string, Job>();
  private running: Promise<unknown> | null = null;
  /** Where a failure that is not the file's fault is written (the app's logger). */
  log: { error(details: object, message: string): void } | undefined;

  constructor(private readonly db: Db) {}

  async check(ownerId: number, text: string): Promise<ImportPreview & { importId: string | null }> {
    this.forgetOld();
    const { preview, plan } = await previewImport(this.db, text);
    if (!plan) return { ...preview, importId: null };
    const importId = randomUUID();
    this.jobs.set(importId, { ownerId, plan, createdAt: Date.now(), state: { importId, status: 'checked', done: 0, total: importSteps(plan), error: null } });
    return { ...preview, importId };
  }

  /** Starts the checked file's transaction and answers at once; the caller polls `state`. */
  start(ownerId: number, importId: string): ImportState {
    const job = this.jobOf(ownerId, importId);
    if (job.state.status !== 'checked' || !job.plan) throw new TRPCError({ code: 'CONFLICT', message: 'Этот файл уже загружается или загружен' });
    if (this.running) throw new TRPCError({ code: 'CONFLICT', message: 'Уже идёт другая загрузка каталога: дождитесь её конца' });
    const plan = job.plan;
    job.state = { ...job.state, status: 'running' };
    const run = applyImport(this.db, plan, (done) => {
      job.state = { ...job.state, done: Math.min(done, job.state.total) };
    }).then(
      () => {
        job.state = { ...job.state, status: 'done', done: job.state.total };
      },
      (error: unknown) => {
        if (!(error instanceof TRPCError)) this.log?.error({ err: error }, 'catalogue import failed');
        const message = error instanceof TRPCError ? error.message : 'Загрузка не удалась, каталог не изменён: проверьте файл ещё раз';
        job.state = { ...job.state, status: 'failed', error: message };
      },
    );
    job.plan = null;
    this.running = run.finally(() => {
      this.running = null;
    });
    return job.state;
  }

  state(ownerId: number, importId: string): ImportState {
    return this.jobOf(ownerId, importId).state;
  }

  /** Waits for the running import (shutdown, tests). */
  async settle(): Promise<void> {
    await this.running;
  }

  private jobOf(ownerId: number, importId: string): Job {
    const job = this.jobs.get(importId);
    if (!job || job.ownerId !== ownerId) throw new TRPCError({ code: 'NOT_FOUND', message: 'Загрузка не найдена: загрузите файл ещё раз' });
    return job;
  }

  private forgetOld(): void {
    const now = Date.now();
    for (const [id, job] of this.jobs) if (job.state.status !== 'running' && now - job.createdAt > jobLifetimeMs) this.jobs.delete(id);
  }
}

const perDb = new WeakMap<Db, CatalogueImports>();

/** The imports of one database handle (one app, or the apps of a test sharing it). */
export function catalogueImports(db: Db): CatalogueImports {
  let imports = perDb.get(db);
  if (!imports) {
    imports = new CatalogueImports(db);
    perDb.set(db, imports);
  }
  return imports;
}
