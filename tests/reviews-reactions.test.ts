import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/harness.js';
import { product, shopper, type ReviewBody, type Shopper } from './support/reviews-support.js';

interface ReactionAnswer {
  reaction: { id: number; userId: number; reaction: string } | null;
  likes: number;
  dislikes: number;
}

let t: TestApp;
let anna: Shopper;
let petr: Shopper;
let moder: Shopper;
let reviewId: number;
let questionId: number;
let commentId: number;
let answerId: number;

beforeAll(async () => {
  t = await startTestApp();
  anna = await shopper(t, 'anna@shop.test', 'Анна', 'Петрова');
  petr = await shopper(t, 'petr@shop.test', 'Пётр', 'Иванов');
  moder = await shopper(t, 'moder@shop.test', 'Ольга', 'Смирнова', 'SuperUser');
  const productId = await product(t, 'reactions');
  reviewId = (await t.rest<ReviewBody>('POST', '/reviews', { body: { productId, rating: 4, text: 'Для реакций' }, token: anna.token })).body.id;
  questionId = (await t.rest<{ id: number }>('POST', '/questions', { body: { productId, text: 'Есть ли другие цвета?' }, token: anna.token })).body.id;
  commentId = (await t.rest<{ id: number }>('POST', '/comments', { body: { reviewId, text: 'Комментарий' }, token: anna.token })).body.id;
  answerId = (await t.rest<{ id: number }>('POST', '/question-comments', { body: { questionId, text: 'Ответ покупателя' }, token: anna.token })).body.id;
});
afterAll(() => t?.close());

const targets = () =>
  [
    { name: 'reviews', path: '/reviews', body: { reviewId }, table: 'reviewReactions' as const },
    { name: 'review comments', path: '/comments', body: { commentId }, table: 'reviewCommentReactions' as const },
    { name: 'questions', path: '/questions', body: { questionId }, table: 'questionReactions' as const },
    { name: 'question comments', path: '/question-comments', body: { commentId: answerId }, table: 'questionCommentReactions' as const },
  ] as const;

describe('reactions', () => {
  it('add, switch with the other value, and remove with the same value again, on every target', async () => {
    for (const target of targets()) {
      const react = (reaction: string) => t.rest<ReactionAnswer>('POST', `${target.path}/reaction`, { body: { ...target.body, reaction, userId: petr.id }, token: petr.token });
      const liked = await react('Like');
      expect(liked.body, target.name).toMatchObject({ reaction: { userId: petr.id, reaction: 'Like' }, likes: 1, dislikes: 0 });
      const switched = await react('Dislike');
      expect(switched.body).toMatchObject({ reaction: { id: liked.body.reaction!.id, reaction: 'Dislike' }, likes: 0, dislikes: 1 });
      const removed = await react('Dislike');
      expect(removed.body).toEqual({ reaction: null, likes: 0, dislikes: 0 });
      expect((await t.db.selectFrom(target.table).select('id').execute()).length).toBe(0);
    }
  });

  it('apply clicks sent at once one after another: five Likes leave one row, four more leave it, no error', async () => {
    const clicks = (target: ReturnType<typeof targets>[number], n: number) =>
      Promise.all(
        Array.from({ length: n }, () => t.rest<ReactionAnswer>('POST', `${target.path}/reaction`, { body: { ...target.body, reaction: 'Like' }, token: moder.token })),
      );
    const kept = (answers: { body: ReactionAnswer }[]) => answers.filter((answer) => answer.body.reaction !== null).length;
    for (const target of targets()) {
      const five = await clicks(target, 5);
      expect(five.map((answer) => answer.status), target.name).toEqual([200, 200, 200, 200, 200]);
      // Added, removed, added, removed, added: three answers hold the reaction, two do not.
      expect(kept(five), target.name).toBe(3);
      const rows = await t.db.selectFrom(target.table).select(['id', 'reaction']).where('userId', '=', moder.id).execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]!.reaction).toBe('Like');
      const four = await clicks(target, 4);
      expect(kept(four), target.name).toBe(2);
      expect(await t.db.selectFrom(target.table).select('id').where('userId', '=', moder.id).execute()).toHaveLength(1);
    }
  });

  it('are deleted by their owner only', async () => {
    for (const target of targets()) {
      const mine = await t.rest<ReactionAnswer>('POST', `${target.path}/reaction`, { body: { ...target.body, reaction: 'Like' }, token: anna.token });
      const id = mine.body.reaction!.id;
      expect((await t.rest('DELETE', `${target.path}/reaction/${id}`)).status).toBe(401);
      expect((await t.rest('DELETE', `${target.path}/reaction/${id}`, { token: petr.token })).status, target.name).toBe(403);
      expect((await t.rest('DELETE', `${target.path}/reaction/${id}`, { token: moder.token })).status).toBe(403);
      expect((await t.rest('DELETE', `${target.path}/reaction/${id}`, { token: anna.token })).status).toBe(200);
      expect((await t.rest('DELETE', `${target.path}/reaction/${id}`, { token: anna.token })).status).toBe(404);
    }
  });

  it('refuse another’s userId, an unknown value and a missing target', async () => {
    expect((await t.rest('POST', '/reviews/reaction', { body: { reviewId, reaction: 'Like', userId: anna.id }, token: petr.token })).status).toBe(403);
    expect((await t.rest('POST', '/reviews/reaction', { body: { reviewId, reaction: 'Love' }, token: petr.token })).status).toBe(400);
    expect((await t.rest('POST', '/reviews/reaction', { body: { reviewId: 99999, reaction: 'Like' }, token: petr.token })).status).toBe(404);
    const viaTrpc = await t.trpc(petr.token).reviews.questions.react.mutate({ questionId, reaction: 'Like' });
    expect(viaTrpc.likes).toBeGreaterThanOrEqual(1);
  });
});

describe('comments, questions and answers', () => {
  it('are edited and deleted by their author, and by a moderator, but not by others (403)', async () => {
    for (const [path, id] of [['/comments', commentId], ['/question-comments', answerId], ['/questions', questionId]] as const) {
      expect((await t.rest('PUT', `${path}/${id}`, { body: { text: 'Чужая правка' }, token: petr.token })).status, path).toBe(403);
      expect((await t.rest('PUT', `${path}/${id}`, { body: { text: 'Чужая правка', userId: anna.id }, token: petr.token })).status).toBe(403);
      expect((await t.rest('DELETE', `${path}/${id}`, { token: petr.token })).status).toBe(403);
      const own = await t.rest<{ text: string }>('PUT', `${path}/${id}`, { body: { text: 'Своя правка текста' }, token: anna.token });
      expect(own.body.text).toBe('Своя правка текста');
      const moderated = await t.rest<{ text: string }>('PUT', `${path}/${id}`, { body: { text: 'Правка модератора' }, token: moder.token });
      expect(moderated.body.text).toBe('Правка модератора');
    }
    const extra = await t.rest<{ id: number }>('POST', '/comments', { body: { reviewId, text: 'Удалю сама' }, token: petr.token });
    expect((await t.rest('DELETE', `/comments/${extra.body.id}`, { token: petr.token })).status).toBe(200);
    const another = await t.rest<{ id: number }>('POST', '/question-comments', { body: { questionId, text: 'Удалит модератор' }, token: petr.token });
    expect((await t.rest('DELETE', `/question-comments/${another.body.id}`, { token: moder.token })).status).toBe(200);
    expect((await t.rest('DELETE', `/question-comments/${another.body.id}`, { token: moder.token })).status).toBe(404);
  });

  it('let only a moderator answer as the shop', async () => {
    expect((await t.rest('POST', '/question-comments', { body: { questionId, text: 'Я магазин', asShop: true }, token: petr.token })).status).toBe(403);
    expect((await t.rest('POST', '/comments', { body: { reviewId, text: 'Я магазин', asShop: true }, token: petr.token })).status).toBe(403);
    const shop = await t.trpc(moder.token).reviews.questionComments.create.mutate({ questionId, text: 'Да, в трёх цветах', asShop: true });
    expect(shop).toMatchObject({ isShop: true, questionId, author: { name: 'Ольга С.' } });
    const question = await t.trpc().reviews.questions.get.query({ questionId });
    expect(question.comments[0]!.text).toBe('Да, в трёх цветах');
  });

  it('bound comment text and refuse a comment on nothing', async () => {
    const empty = await t.rest<{ message: string }>('POST', '/comments', { body: { reviewId, text: '   ' }, token: petr.token });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toContain('Текст комментария: не короче 1 символов');
    expect((await t.rest('POST', '/comments', { body: { reviewId: 99999, text: 'В пустоту' }, token: petr.token })).status).toBe(404);
  });

  it('go with their question or review when it is deleted', async () => {
    const productId = await product(t, 'reactions-cascade');
    const question = await t.rest<{ id: number }>('POST', '/questions', { body: { productId, text: 'Удаляемый вопрос' }, token: petr.token });
    await t.rest('POST', '/question-comments', { body: { questionId: question.body.id, text: 'Ответ' }, token: anna.token });
    await t.rest('POST', '/questions/reaction', { body: { questionId: question.body.id, reaction: 'Like' }, token: anna.token });
    expect((await t.rest('DELETE', `/questions/${question.body.id}`, { token: petr.token })).status).toBe(200);
    const left = await t.db.selectFrom('questionComments').select('id').where('questionId', '=', question.body.id).execute();
    expect(left).toEqual([]);
  });
});
