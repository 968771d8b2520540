import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Question, QuestionListInput } from '../../../shared/schemas/reviews.js';
import type { Db } from '../../db/connection.js';
import type { Database } from '../../db/schema.js';
import type { UsersTable } from '../../db/tables/accounts.js';
import type { QuestionsTable } from '../../db/tables/reviews.js';
import { inTransaction } from '../../db/transaction.js';
import { assertActsForSelf, assertMayChange, isModerator, notFound, type Caller } from './access.js';
import { backToQueue, stateAfterEdit, stateOfNew, visibleTo, type ModerationFilter } from './visibility.js';
import { listedKinds, listedPage, theOnly, toListed, type ListedJson } from './listed.js';

type Filters = Pick<QuestionListInput, 'productId' | 'userId' | 'answered' | 'moderation'> & { questionId?: number; callerId: number };
type WithQuestions = Database & { q: QuestionsTable; u: UsersTable };

/** How many answers a question has, for the answered-first and unanswered-first sorts. */
const answers = sql<number>`(select count(*)::int from question_comments a where a.question_id = q.id)`;

function matching(eb: ExpressionBuilder<WithQuestions, 'q'>, filters: Filters): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [];
  if (filters.questionId !== undefined) conditions.push(eb('q.id', '=', filters.questionId));
  if (filters.productId !== undefined) conditions.push(eb('q.productId', '=', filters.productId));
  if (filters.userId !== undefined) conditions.push(eb('q.userId', '=', filters.userId));
  if (filters.answered !== undefined) {
    const exists = eb.exists(eb.selectFrom('questionComments as a').select('a.id').whereRef('a.questionId', '=', 'q.id'));
    conditions.push(filters.answered ? exists : eb.not(exists));
  }
  const visible = visibleTo('q', filters.moderation, filters.callerId);
  if (visible) conditions.push(visible);
  return eb.and(conditions);
}

interface QuestionJson extends ListedJson {
  text: string;
}

/** GET /questions: the page and the total in one statement (listed.ts), newest first by default. */
export async function listQuestions(db: Db, input: QuestionListInput & { questionId?: number }, callerId: number): Promise<{ rows: Question[]; length: number }> {
  const result = await listedPage(db, {
    kind: listedKinds.question,
    callerId,
    limit: input.limit,
    offset: input.offset,
    sort: input.sort,
    sorts: { answered: [answers, 'desc'], unanswered: [answers, 'asc'] },
    page: (eb) =>
      eb
        .selectFrom('questions as q')
        .where((w) => matching(w, { ...input, callerId }))
        .innerJoin('users as u', 'u.id', 'q.userId')
        .select('q.text'),
    all: (eb) => eb.selectFrom('questions as q').where((w) => matching(w, { ...input, callerId })),
  });
  const merge = input.merge === true;
  const rows = (result.rows as QuestionJson[]).map((row): Question => toListed(row, { text: row.text }, merge));
  return { rows, length: result.length };
}

/** One question: `moderation: 'all'` for moderators and for the caller that has just written it. */
export async function getQuestion(db: Db, questionId: number, merge: boolean, callerId: number, moderation: ModerationFilter = undefined): Promise<Question> {
  const { rows } = await listQuestions(db, { questionId, merge, moderation, sort: 'newest', limit: 1, offset: 0 }, callerId);
  return theOnly(rows);
}

export async function createQuestion(db: Db, caller: Caller, input: { productId: number; text: string; userId?: number | undefined }): Promise<Question> {
  assertActsForSelf(caller, input.userId);
  const id = await inTransaction(db, async (trx) => {
    const product = await trx.selectFrom('products').select('id').where('id', '=', input.productId).executeTakeFirst();
    if (!product) throw notFound();
    const moderationStatus = await stateOfNew(trx, await isModerator(trx, caller));
    const row = await trx
      .insertInto('questions')
      .values({ productId: input.productId, userId: caller.id, text: input.text, moderationStatus })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
  return getQuestion(db, id, false, caller.id, 'all');
}

export async function updateQuestion(db: Db, caller: Caller, input: { questionId: number; text: string; userId?: number | undefined }): Promise<Question> {
  assertActsForSelf(caller, input.userId);
  await inTransaction(db, async (trx) => {
    const current = await trx.selectFrom('questions').select(['userId', 'moderationStatus']).where('id', '=', input.questionId).forUpdate().executeTakeFirst();
    if (!current) throw notFound();
    await assertMayChange(trx, caller, current.userId);
    // An author's edit is moderated again (visibility.ts); a moderator's keeps the state.
    const state = current.userId === caller.id && !(await isModerator(trx, caller)) ? backToQueue(await stateAfterEdit(trx, current.moderationStatus)) : {};
    await trx.updateTable('questions').set({ text: input.text, ...state, updatedAt: new Date() }).where('id', '=', input.questionId).execute();
  });
  return getQuestion(db, input.questionId, false, caller.id, 'all');
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
