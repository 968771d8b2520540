import { performance } from 'node:perf_hooks';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { clientKey } from '../services/platform/rate-limit.js';
import type { Role } from './tables/accounts.js';
import type { Db } from './schema.js';
import { isDatabaseUnavailable } from './errors.js';

/**
 * Read replicas (docs/replicas.md). Catalogue and content reads of shoppers may go to a streaming
 * replica; `ReadRouting.forCaller` picks the database per request:
 *
 * - the replica only while it is proven fresh: a probe (at most every second) reads the primary's
 *   WAL position, then the replica's replayed position; once the replica has replayed a position
 *   read at time T, it holds every write committed before T. A read is sent there only when that
 *   T is within `maxLagMs` of now, so nothing older than the bound is ever served. An idle
 *   primary's position does not move, so an idle replica stays fresh (unlike a replay timestamp);
 * - never to callers who wrote (any non-GET request, per user and per client network) until the
 *   replica is proven to hold that write (a probe begun after it); never to staff;
 * - never while the replica fails: a probe or a read that cannot reach it, or a replica that is
 *   not in recovery, bypasses it until a later probe succeeds.
 */

/** What the probe learns in one round. */
export interface ReplicaPosition {
  inRecovery: boolean;
  /** Null when nothing was replayed yet (or the server is not a standby). */
  replayedLsn: bigint | null;
}

/** How positions are read; the default reads them with SQL, tests inject their own. */
export interface LagProbe {
  primaryLsn(): Promise<bigint>;
  replica(): Promise<ReplicaPosition>;
}

export interface RoutingLog {
  info(message: string): void;
  warn(message: string): void;
}

export interface ReadRoutingOptions {
  primary: Db;
  /** Absent: every read goes to the primary. */
  replica?: Db | undefined;
  /** A read served by the replica holds every write committed this long before it. */
  maxLagMs?: number;
  /** How often the positions are read; defaults to a quarter of the bound, at most a second. */
  probeEveryMs?: number;
  probe?: LagProbe;
}

/** Who is asking: the signed-in user (if any) and the client's address. */
export interface Caller {
  user: { id: number; role: Role } | null;
  ip: string;
}

export const defaultMaxLagMs = 5_000;

/** `X/Y` (two hexadecimal halves) as one number, so that positions compare. */
export function parseLsn(text: string): bigint {
  const match = /^([0-9A-F]{1,8})\/([0-9A-F]{1,8})$/i.exec(text.trim());
  if (!match) throw new Error(`Not a WAL position: ${text}`);
  return (BigInt(`0x${match[1] ?? '0'}`) << 32n) | BigInt(`0x${match[2] ?? '0'}`);
}

/** The positions read with SQL: the primary's current WAL position, the replica's replayed one. */
export function sqlProbe(primary: Db, replica: Db): LagProbe {
  return {
    async primaryLsn() {
      const { rows } = await sql<{ lsn: string }>`select pg_current_wal_lsn()::text as lsn`.execute(primary);
      return parseLsn(rows[0]?.lsn ?? '');
    },
    async replica() {
      const { rows } = await sql<{ inRecovery: boolean; replayed: string | null }>`
        select pg_is_in_recovery() as in_recovery, pg_last_wal_replay_lsn()::text as replayed`.execute(replica);
      const row = rows[0];
      return { inRecovery: row?.inRecovery === true, replayedLsn: row?.replayed ? parseLsn(row.replayed) : null };
    },
  };
}

/**
 * An error of a read on the replica that the primary may not have: the replica unreachable, shut
 * down, too slow, or a statement cancelled by a conflict with recovery (40001 on a standby).
 */
export function isReplicaFault(error: unknown): boolean {
  if (isDatabaseUnavailable(error)) return true;
  return error instanceof Error && 'code' in error && (error.code === '40001' || error.code === '57P04');
}

/** Users of the storefront; staff (and their admin screens) always read the primary. */
const shopperRole: Role = 'User';

/** How many positions of the primary are remembered while the replica catches up. */
const maxSamples = 64;

export class ReadRouting {
  readonly primary: Db;
  readonly replica: Db | undefined;
  readonly maxLagMs: number;
  readonly probeEveryMs: number;
  readonly #probe: LagProbe | undefined;
  /** Positions of the primary (oldest first) and when each reading began. */
  #samples: { at: number; lsn: bigint }[] = [];
  /** The replica holds every write committed before this moment; null: not usable now. */
  #freshAt: number | null = null;
  /** Why the replica is bypassed (logged once per change), null while in use. */
  #problem: string | null = 'not probed yet';
  /** Callers' last writes (`u:<id>`, `n:<network>`), by when they ended. */
  readonly #writes = new Map<string, number>();
  #timer: NodeJS.Timeout | undefined;
  #round: Promise<void> | undefined;
  /** When a read last failed on the replica: only a probe begun after it may bring it back. */
  #failedAt = Number.NEGATIVE_INFINITY;
  #log: RoutingLog | undefined;

  constructor(options: ReadRoutingOptions) {
    this.primary = options.primary;
    this.replica = options.replica;
    this.maxLagMs = options.maxLagMs ?? defaultMaxLagMs;
    this.probeEveryMs = options.probeEveryMs ?? Math.min(1_000, Math.max(50, Math.floor(this.maxLagMs / 4)));
    this.#probe = options.probe ?? (options.replica ? sqlProbe(options.primary, options.replica) : undefined);
  }

  /** Every read on the primary (no replica configured, or the embedded database). */
  static primaryOnly(primary: Db): ReadRouting {
    return new ReadRouting({ primary });
  }

  /** Starts probing (nothing to do without a replica); the first round runs at once. */
  start(log?: RoutingLog): void {
    this.#log = log;
    if (!this.replica || this.#timer) return;
    this.#timer = setInterval(() => void this.probeNow(), this.probeEveryMs);
    this.#timer.unref();
    void this.probeNow();
  }

  async stop(): Promise<void> {
    clearInterval(this.#timer);
    this.#timer = undefined;
    await this.#round;
  }

  /** One probing round (rounds never overlap); tests call it to skip the wait. */
  probeNow(): Promise<void> {
    this.#round ??= this.#measure().finally(() => {
      this.#round = undefined;
    });
    return this.#round;
  }

  async #measure(): Promise<void> {
    const probe = this.#probe;
    if (!probe) return;
    const at = performance.now();
    let primaryLsn: bigint;
    try {
      primaryLsn = await probe.primaryLsn();
    } catch {
      // The primary's position is unknown: the replica's freshness is not advanced, so past the
      // bound it is bypassed (the primary is down anyway; reads then fail there).
      return;
    }
    this.#samples.push({ at, lsn: primaryLsn });
    if (this.#samples.length > maxSamples) this.#samples.shift();
    let position: ReplicaPosition;
    try {
      position = await probe.replica();
    } catch (error) {
      this.#bypass(`unreachable (${error instanceof Error ? error.message : String(error)})`, true);
      return;
    }
    if (!position.inRecovery) return this.#bypass('not a standby (not in recovery)', true);
    if (at <= this.#failedAt) return;
    const replayed = position.replayedLsn;
    // The newest reading of the primary that the replica has replayed.
    let caughtUp = -1;
    if (replayed !== null) {
      for (let index = this.#samples.length - 1; index >= 0; index -= 1) {
        if ((this.#samples[index]?.lsn ?? replayed + 1n) <= replayed) {
          caughtUp = index;
          break;
        }
      }
    }
    if (caughtUp >= 0) {
      this.#freshAt = Math.max(this.#freshAt ?? 0, this.#samples[caughtUp]?.at ?? 0);
      this.#samples = this.#samples.slice(caughtUp);
    }
    this.#forgetOldWrites();
    if (this.#freshAt !== null && performance.now() - this.#freshAt <= this.maxLagMs) this.#recovered();
    else this.#bypass(`lagging more than ${this.maxLagMs} ms behind the primary`);
  }

  /** `unusable`: the replica failed, so what it was known to hold no longer counts. */
  #bypass(reason: string, unusable = false): void {
    if (unusable) this.#freshAt = null;
    if (this.#problem === null) this.#log?.warn(`Read replica bypassed, reads go to the primary: ${reason}`);
    this.#problem = reason;
  }

  #recovered(): void {
    if (this.#problem !== null) this.#log?.info('Read replica in use');
    this.#problem = null;
  }

  /** Writes older than the bound need no remembering: a replica fresh enough holds them. */
  #forgetOldWrites(): void {
    const before = performance.now() - this.maxLagMs;
    for (const [key, at] of this.#writes) if (at < before) this.#writes.delete(key);
  }

  /** Whether the replica is in use for reads of callers who did not write just now. */
  get replicaInUse(): boolean {
    return this.replica !== undefined && this.#freshAt !== null && performance.now() - this.#freshAt <= this.maxLagMs;
  }

  /** The database a catalogue or content read of this caller goes to. */
  forCaller(caller: Caller): Db {
    const replica = this.replica;
    if (!replica || this.#freshAt === null) return this.primary;
    if (caller.user && caller.user.role !== shopperRole) return this.primary;
    const freshAt = this.#freshAt;
    if (performance.now() - freshAt > this.maxLagMs) return this.primary;
    for (const key of keysOf(caller.user?.id, caller.ip)) {
      const wrote = this.#writes.get(key);
      // The replica holds the write only if the probe that proved it began after the write ended.
      if (wrote !== undefined && freshAt <= wrote) return this.primary;
    }
    return replica;
  }

  /** A caller's write has ended (its answer is about to be sent). */
  wrote(userId: number | undefined, ip: string): void {
    if (!this.replica) return;
    const at = performance.now();
    for (const key of keysOf(userId, ip)) this.#writes.set(key, at);
  }

  /** A read on the replica failed as a replica would: bypass it until a probe finds it well. */
  replicaFailed(error: unknown): void {
    this.#failedAt = performance.now();
    this.#bypass(`a read failed (${error instanceof Error ? error.message : String(error)})`, true);
  }
}

function keysOf(userId: number | undefined, ip: string): string[] {
  const network = `n:${clientKey(ip)}`;
  return userId === undefined ? [network] : [`u:${userId}`, network];
}

// ---------------------------------------------------------------- callers of a request

/** The signed-in user of a request, noted when its context is made (context.ts). */
const requestUsers = new WeakMap<FastifyRequest, number>();

export function noteRequestUser(request: FastifyRequest, userId: number): void {
  requestUsers.set(request, userId);
}

export function requestUser(request: FastifyRequest): number | undefined {
  return requestUsers.get(request);
}
