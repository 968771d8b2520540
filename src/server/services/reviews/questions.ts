import { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/postgres';
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Question, QuestionListInput } from '../../../shared/schemas/reviews.js';
import type { Db } from '../../db/connection.js';
import type { Database } from '../../db/schema.js';
import type { UsersTable } from '../../db/tables/accounts.js';
import type { QuestionsTable } from '../../db/tables/reviews.js';
import { inTransaction } from '../../db/transaction.js';
import { assertActsForSelf, assertMayChange, notFound, type Caller } from './access.js';
import { commentKinds } from './comments.js';
import { isoDate, publicName, toComment, usefulness, type CommentJson, type MyReactionJson } from './list-parts.js';
import { reactionTargets } from './reactions.js';
import { commentThread, reactionColumns } from './threads.js';

type Filters = Pick<QuestionListInput, 'productId' | 'userId' | 'answered'> & { questionId?: number };
type WithQuestions = Database & { q: QuestionsTable; u: UsersTable };

function answers(eb: ExpressionBuilder<WithQuestions, 'q'>) {
  return eb.selectFrom('questionComments as a').select(sql<number>`count(*)::int`.as('n')).whereRef('a.questionId', '=', 'q.id');
}

function matching(eb: ExpressionBuilder<WithQuestions, 'q'>, filters: Filters): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [];
  if (filters.questionId !== undefined) conditions.push(eb('q.id', '=', filters.questionId));
  if (filters.productId !== undefined) conditions.push(eb('q.productId', '=', filters.productId));
  if (filters.userId !== undefined) conditions.push(eb('q.userId', '=', filters.userId));
  if (filters.answered !== undefined) {
    const exists = eb.exists(eb.selectFrom('questionComments as a').select('a.id').whereRef('a.questionId', '=', 'q.id'));
    conditions.push(filters.answered ? exists : eb.not(exists));
  }
  return eb.and(conditions);
}

interface QuestionJson {
  id: number;
  productId: number;
  userId: number;
  authorName: string;
  text: string;
  createdAt: string;
  updatedAt: string;
  likes: number;
  dislikes: number;
  myReaction: MyReactionJson | null;
  comments: CommentJson[];
  product: Question['product'];
}

/** GET /questions: the page with authors, reactions and answers, and the total, in one statement. */
export async function listQuestions(db: Db, input: QuestionListInput & { questionId?: number }, callerId: number): Promise<{ rows: Question[]; length: number }> {
  const target = reactionTargets.question;
  const result = await db
    .selectNoFrom((eb) => [
      jsonArrayFrom(
        eb
          .selectFrom('questions as q')
          .where((w) => matching(w, input))
          .innerJoin('users as u', 'u.id', 'q.userId')
          .select((inner) => [
            'q.id',
            'q.productId',
            'q.userId',
            publicName('u').as('authorName'),
            'q.text',
            'q.createdAt',
            'q.updatedAt',
            ...reactionColumns(target, 'q.id', callerId),
            commentThread(commentKinds.question, 'q.id', callerId).as('comments'),
            jsonObjectFrom(inner.selectFrom('products as p').select(['p.id', 'p.name', 'p.url', 'p.image']).whereRef('p.id', '=', 'q.productId')).as('product'),
          ])
          .$call((q) => {
            switch (input.sort) {
              case 'useful':
                return q.orderBy(usefulness(target, 'q.id'), 'desc');
              case 'answered':
                return q.orderBy((o) => answers(o), 'desc');
              case 'unanswered':
                return q.orderBy((o) => answers(o), 'asc');
              default:
                return q;
            }
          })
          .orderBy('q.createdAt', 'desc')
          .orderBy('q.id', 'desc')
          .limit(input.limit)
          .offset(input.offset),
      ).as('rows'),
      eb
        .selectFrom('questions as q')
        .where((w) => matching(w, input))
        .select(sql<number>`count(*)::int`.as('n'))
        .as('length'),
    ])
    .executeTakeFirstOrThrow();
  const merge = input.merge === true;
  const rows = (result.rows as unknown as QuestionJson[]).map((row) => ({
    id: row.id,
    productId: row.productId,
    userId: row.userId,
    author: { id: row.userId, name: row.authorName },
    text: row.text,
    createdAt: isoDate(row.createdAt),
    updatedAt: isoDate(row.updatedAt),
    likes: row.likes,
    dislikes: row.dislikes,
    myReaction: row.myReaction,
    comments: row.comments.map(toComment),
    product: merge ? row.product : null,
  }));
  return { rows, length: result.length ?? 0 };
}

export async function getQuestion(db: Db, questionId: number, merge: boolean, callerId: number): Promise<Question> {
  const { rows } = await listQuestions(db, { questionId, merge, sort: 'newest', limit: 1, offset: 0 }, callerId);
  if (!rows[0]) throw notFound();
  return rows[0];
}

export async function createQuestion(db: Db, caller: Caller, input: { productId: number; text: string; userId?: number | undefined }): Promise<Question> {
  assertActsForSelf(caller, input.userId);
  const id = await inTransaction(db, async (trx) => {
    const product = await trx.selectFrom('products').select('id').where('id', '=', input.productId).executeTakeFirst();
    if (!product) throw notFound();
    const row = await trx.insertInto('questions').values({ productId: input.productId, userId: caller.id, text: input.text }).returning('id').executeTakeFirstOrThrow();
    return row.id;
  });
  return getQuestion(db, id, false, caller.id);
}

export async function updateQuestion(db: Db, caller: Caller, input: { questionId: number; text: string; userId?: number | undefined }): Promise<Question> {
  assertActsForSelf(caller, input.userId);
  await inTransaction(db, async (trx) => {
    const current = await trx.selectFrom('questions').select('userId').where('id', '=', input.questionId).forUpdate().executeTakeFirst();
    if (!current) throw notFound();
    await assertMayChange(trx, caller, current.userId);
    await trx.updateTable('questions').set({ text: input.text, updatedAt: new Date() }).where('id', '=', input.questionId).execute();
  });
  return getQuestion(db, input.questionId, false, caller.id);
}

export function deleteQuestion(db: Db, caller: Caller, questionId: number): Promise<{ ok: true }> {
  return inTransaction(db, async (trx) => {
    const current = await trx.selectFrom('questions').select('userId').where('id', '=', questionId).forUpdate().executeTakeFirst();
    if (!current) throw notFound();
    await assertMayChange(trx, caller, current.userId);
    await trx.deleteFrom('questions').where('id', '=', questionId).execute();
    return { ok: true as const };
  });
}
