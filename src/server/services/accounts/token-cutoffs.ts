import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';
import { ACCESS_TOKEN_TTL_SECONDS } from './token-lifetimes.js';

/**
 * Access tokens are stateless JWTs; what ends one before it expires is its user's cut-off: a
 * password reset or change, a new role, the account deleted write "tokens of this user issued
 * before now are refused" (`token_cutoffs`, in the transaction that makes the change). Checking a
 * token reads only this memory, never the database. The instance that writes a cut-off knows it
 * at once; every instance polls the table every few seconds for rows recorded since its last poll.
 */
export class TokenCutoffs {
  readonly #byUser = new Map<number, number>();

  /** Tokens of the user issued before `cutoffMs` (epoch ms) are refused from now on. */
  note(userId: number, cutoffMs: number): void {
    const current = this.#byUser.get(userId);
    if (current === undefined || cutoffMs > current) this.#byUser.set(userId, cutoffMs);
  }

  /** True when a token issued at `issuedAtMs` is older than its user's cut-off. */
  isCutOff(userId: number, issuedAtMs: number): boolean {
    const cutoff = this.#byUser.get(userId);
    return cutoff !== undefined && issuedAtMs < cutoff;
  }

  /** Forgets cut-offs older than an access token's life: every token they refuse has expired. */
  prune(nowMs = Date.now()): void {
    const oldest = nowMs - ACCESS_TOKEN_TTL_SECONDS * 1000;
    for (const [userId, cutoff] of this.#byUser) if (cutoff < oldest) this.#byUser.delete(userId);
  }

  get size(): number {
    return this.#byUser.size;
  }
}

/**
 * Ends every access token the user holds now, as part of the caller's transaction (the refresh
 * tokens are revoked next to it, so the client's refresh fails and it signs in again). The cut-off
 * is this instance's clock: tokens it signs from now on (the caller's fresh pair) are not older.
 * Memory is told at once; should the transaction roll back, the user's client merely refreshes.
 */
export async function cutOffAccessTokens(db: Db, cutoffs: TokenCutoffs, userId: number): Promise<void> {
  const cutoffAt = new Date();
  await db
    .insertInto('tokenCutoffs')
    .values({ userId, cutoffAt })
    .onConflict((oc) =>
      oc.column('userId').doUpdateSet({ cutoffAt: sql<Date>`greatest(token_cutoffs.cutoff_at, excluded.cutoff_at)`, recordedAt: sql<Date>`clock_timestamp()` }),
    )
    .execute();
  cutoffs.note(userId, cutoffAt.getTime());
}

/** How often each instance reads the cut-offs other instances wrote. */
export const cutoffPollMs = 3_000;
/**
 * Each poll reads rows recorded up to this long before the previous poll began: a row is stamped
 * when written but visible only when its transaction commits, which may come after a poll.
 */
const pollOverlapMs = 60_000;

/** Keeps an instance's cut-offs up to date from the table (one indexed query per poll). */
export class CutoffPoller {
  readonly #db: Db;
  readonly #cutoffs: TokenCutoffs;
  readonly #log: Pick<FastifyBaseLogger, 'warn' | 'info'>;
  /** The database's clock when the last successful poll began; null before the first. */
  #lastPollAt: Date | null = null;
  #failing = false;

  constructor(db: Db, cutoffs: TokenCutoffs, log: Pick<FastifyBaseLogger, 'warn' | 'info'>) {
    this.#db = db;
    this.#cutoffs = cutoffs;
    this.#log = log;
  }

  /** Reads the rows recorded since the last poll (all live ones the first time); never throws. */
  async poll(): Promise<void> {
    const since = this.#lastPollAt ? new Date(this.#lastPollAt.getTime() - pollOverlapMs) : new Date(0);
    try {
      // One row even when nothing is new, to learn the database's clock in the same statement.
      const { rows } = await sql<{ polledAt: Date; userId: number | null; cutoffAt: Date | null }>`
        select now() as polled_at, c.user_id, c.cutoff_at
        from (select 1) as one left join token_cutoffs c on c.recorded_at > ${since}`.execute(this.#db);
      for (const row of rows) if (row.userId !== null && row.cutoffAt) this.#cutoffs.note(row.userId, new Date(row.cutoffAt).getTime());
      const polledAt = rows[0]?.polledAt;
      if (polledAt) this.#lastPollAt = new Date(polledAt);
      this.#cutoffs.prune();
      if (this.#failing) this.#log.info('token cut-offs: polling works again');
      this.#failing = false;
    } catch (error) {
      // Told once per outage: the poll runs every few seconds.
      if (!this.#failing) this.#log.warn({ err: error }, 'token cut-offs: poll failed; tokens are checked against the cut-offs known so far');
      this.#failing = true;
    }
  }
}
