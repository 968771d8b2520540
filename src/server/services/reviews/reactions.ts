import { TRPCError } from '@trpc/server';
import { sql } from 'kysely';
import type { ReactionResult, ReactionValue } from '../../../shared/schemas/reviews.js';
import type { Db } from '../../db/connection.js';
import { inTransaction } from '../../db/transaction.js';
import type { Caller } from './access.js';

/**
 * One reaction table per target (reviews, review comments, questions, question comments), all of
 * the same shape, each with a unique (target, user) pair. The queries are written once over the
 * table's name, which Kysely cannot take as a variable with types, hence `sql`.
 */
export interface ReactionTarget {
  /** The reaction table, e.g. `reviewReactions`. */
  table: 'reviewReactions' | 'reviewCommentReactions' | 'questionReactions' | 'questionCommentReactions';
  /** Its column naming the target. */
  column: 'reviewId' | 'commentId' | 'questionId';
  /** The table of the targets. */
  targets: 'reviews' | 'reviewComments' | 'questions' | 'questionComments';
}

export const reactionTargets = {
  review: { table: 'reviewReactions', column: 'reviewId', targets: 'reviews' },
  reviewComment: { table: 'reviewCommentReactions', column: 'commentId', targets: 'reviewComments' },
  question: { table: 'questionReactions', column: 'questionId', targets: 'questions' },
  questionComment: { table: 'questionCommentReactions', column: 'commentId', targets: 'questionComments' },
} as const satisfies Record<string, ReactionTarget>;

interface ReactionRow {
  id: number;
  reaction: ReactionValue;
}

async function findOwn(trx: Db, target: ReactionTarget, targetId: number, userId: number): Promise<ReactionRow | undefined> {
  const { rows } = await sql<ReactionRow>`
    select id, reaction from ${sql.table(target.table)}
     where ${sql.ref(target.column)} = ${targetId} and user_id = ${userId} for update`.execute(trx);
  return rows[0];
}

async function counts(trx: Db, target: ReactionTarget, targetId: number): Promise<{ likes: number; dislikes: number }> {
  const { rows } = await sql<{ likes: number; dislikes: number }>`
    select count(*) filter (where reaction = 'Like')::int as likes, count(*) filter (where reaction = 'Dislike')::int as dislikes
      from ${sql.table(target.table)} where ${sql.ref(target.column)} = ${targetId}`.execute(trx);
  return rows[0] ?? { likes: 0, dislikes: 0 };
}

/**
 * A reaction with no earlier one is added; the other value switches it; the
 * same value again removes it. Every POST is a click, so one user's clicks on one target are
 * applied one after another (an advisory lock on the pair): two clicks sent at once toggle twice,
 * as they would one after the other, whatever their timing. Without the lock the outcome of
 * simultaneous clicks depended on how their transactions overlapped (a CI run saw five Likes sent
 * at once leave no row).
 */
export function react(db: Db, target: ReactionTarget, caller: Caller, targetId: number, value: ReactionValue): Promise<ReactionResult> {
  return inTransaction(db, async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${`reaction:${target.table}:${targetId}`}), ${caller.id})`.execute(trx);
    const { rows: exists } = await sql`select 1 from ${sql.table(target.targets)} where id = ${targetId}`.execute(trx);
    if (!exists.length) throw new TRPCError({ code: 'NOT_FOUND' });

    let own = await findOwn(trx, target, targetId, caller.id);
    let kept: ReactionRow | null;
    if (!own) {
      const { rows: inserted } = await sql<ReactionRow>`
        insert into ${sql.table(target.table)} (${sql.ref(target.column)}, user_id, reaction) values (${targetId}, ${caller.id}, ${value})
        on conflict (${sql.ref(target.column)}, user_id) do nothing returning id, reaction`.execute(trx);
      own = inserted[0] ?? (await findOwn(trx, target, targetId, caller.id));
      kept = own ?? null;
    } else if (own.reaction === value) {
      await sql`delete from ${sql.table(target.table)} where id = ${own.id}`.execute(trx);
      kept = null;
    } else {
      await sql`update ${sql.table(target.table)} set reaction = ${value} where id = ${own.id}`.execute(trx);
      kept = { id: own.id, reaction: value };
    }
    return { reaction: kept && { id: kept.id, userId: caller.id, reaction: kept.reaction }, ...(await counts(trx, target, targetId)) };
  });
}

/** `DELETE …/reaction/{id}`: by its owner only (403 for anyone else, 404 when there is none). */
export function deleteReaction(db: Db, target: ReactionTarget, caller: Caller, reactionId: number): Promise<{ ok: true }> {
  return inTransaction(db, async (trx) => {
    const { rows } = await sql<{ userId: number }>`select user_id from ${sql.table(target.table)} where id = ${reactionId} for update`.execute(trx);
    const row = rows[0];
    if (!row) throw new TRPCError({ code: 'NOT_FOUND' });
    if (row.userId !== caller.id) throw new TRPCError({ code: 'FORBIDDEN' });
    await sql`delete from ${sql.table(target.table)} where id = ${reactionId}`.execute(trx);
    return { ok: true as const };
  });
}
