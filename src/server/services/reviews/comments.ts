import { sql } from 'kysely';
import type { Comment } from '../../../shared/schemas/reviews.js';
import type { Db } from '../../db/connection.js';
import { inTransaction } from '../../db/transaction.js';
import { assertActsForSelf, assertMayChange, assertModerator, notFound, type Caller } from './access.js';
import { countOf, myReaction, publicName, toComment, type CommentJson } from './list-parts.js';
import { reactionTargets, type ReactionTarget } from './reactions.js';

/**
 * Review comments (`/comments`) and question comments (`/question-comments`, the answers) follow
 * one set of rules: written by signed-in users, edited or deleted by their author or a moderator,
 * and a moderator may write as the shop. The table is a variable, hence `sql`.
 */
export interface CommentKind {
  table: 'reviewComments' | 'questionComments';
  parentColumn: 'reviewId' | 'questionId';
  parents: 'reviews' | 'questions';
  reactions: ReactionTarget;
}

export const commentKinds = {
  review: { table: 'reviewComments', parentColumn: 'reviewId', parents: 'reviews', reactions: reactionTargets.reviewComment },
  question: { table: 'questionComments', parentColumn: 'questionId', parents: 'questions', reactions: reactionTargets.questionComment },
} as const satisfies Record<string, CommentKind>;

export async function readComment(db: Db, kind: CommentKind, commentId: number, callerId: number): Promise<Comment & { parentId: number }> {
  const { rows } = await sql<CommentJson & { parentId: number }>`
    select c.id, c.user_id, ${publicName('u')} as author_name, c.text, c.is_shop, c.created_at, c.updated_at,
           c.${sql.ref(kind.parentColumn)} as parent_id,
           ${countOf(kind.reactions, 'c.id', 'Like')} as likes, ${countOf(kind.reactions, 'c.id', 'Dislike')} as dislikes,
           ${myReaction(kind.reactions, 'c.id', callerId)} as my_reaction
      from ${sql.table(kind.table)} c join users u on u.id = c.user_id
     where c.id = ${commentId}`.execute(db);
  const row = rows[0];
  if (!row) throw notFound();
  return { ...toComment(row), parentId: row.parentId };
}

export async function createComment(
  db: Db,
  kind: CommentKind,
  caller: Caller,
  input: { parentId: number; text: string; asShop?: boolean | undefined; userId?: number | undefined },
): Promise<Comment & { parentId: number }> {
  assertActsForSelf(caller, input.userId);
  const id = await inTransaction(db, async (trx) => {
    if (input.asShop) await assertModerator(trx, caller);
    const { rows: parent } = await sql`select 1 from ${sql.table(kind.parents)} where id = ${input.parentId} for share`.execute(trx);
    if (!parent.length) throw notFound();
    const { rows } = await sql<{ id: number }>`
      insert into ${sql.table(kind.table)} (${sql.ref(kind.parentColumn)}, user_id, text, is_shop)
      values (${input.parentId}, ${caller.id}, ${input.text}, ${input.asShop ?? false}) returning id`.execute(trx);
    return rows[0]!.id;
  });
  return readComment(db, kind, id, caller.id);
}

async function authorOf(trx: Db, kind: CommentKind, commentId: number): Promise<number> {
  const { rows } = await sql<{ userId: number }>`select user_id from ${sql.table(kind.table)} where id = ${commentId} for update`.execute(trx);
  if (!rows[0]) throw notFound();
  return rows[0].userId;
}

export async function updateComment(
  db: Db,
  kind: CommentKind,
  caller: Caller,
  input: { commentId: number; text: string; userId?: number | undefined },
): Promise<Comment & { parentId: number }> {
  assertActsForSelf(caller, input.userId);
  await inTransaction(db, async (trx) => {
    await assertMayChange(trx, caller, await authorOf(trx, kind, input.commentId));
    await sql`update ${sql.table(kind.table)} set text = ${input.text}, updated_at = now() where id = ${input.commentId}`.execute(trx);
  });
  return readComment(db, kind, input.commentId, caller.id);
}

export function deleteComment(db: Db, kind: CommentKind, caller: Caller, commentId: number): Promise<{ ok: true }> {
  return inTransaction(db, async (trx) => {
    await assertMayChange(trx, caller, await authorOf(trx, kind, commentId));
    await sql`delete from ${sql.table(kind.table)} where id = ${commentId}`.execute(trx);
    return { ok: true as const };
  });
}
