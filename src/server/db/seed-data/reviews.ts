import { sql, type Transaction } from 'kysely';
import { hashPassword } from '../../services/accounts/passwords.js';
import type { Database } from '../schema.js';
import type { SizeFit } from '../tables/reviews.js';

/**
 * Demo reviews and questions: several reviewers, reviews on most products (a few with photos from
 * the product's own pictures in the image library), questions with the shop's answers, and
 * likes. Products' ratings and review counts follow from the reviews by trigger. Runs after the
 * catalogue and media seeds; skipped when there are reviews already or in production.
 */

const reviewers = [
  ['Мария', 'Кузнецова'],
  ['Алексей', 'Попов'],
  ['Елена', 'Васильева'],
  ['Дмитрий', 'Соколов'],
  ['Ольга', 'Михайлова'],
  ['Сергей', 'Новиков'],
] as const;

/** A review's text as a woman and as a man would write it (Russian past tense and short adjectives agree with the author). */
type Text = { f: string; m: string };
const same = (text: string): Text => ({ f: text, m: text });

const textsByRating: Record<number, readonly Text[]> = {
  5: [
    same('Отличная покупка! Качество на высоте, сидит идеально. Рекомендую.'),
    { f: 'Очень довольна: материал приятный, швы ровные, доставили быстро.', m: 'Очень доволен: материал приятный, швы ровные, доставили быстро.' },
    { f: 'Лучше, чем ожидала. Ношу каждый день уже месяц — как новая.', m: 'Лучше, чем ожидал. Ношу каждый день уже месяц — как новая.' },
  ],
  4: [
    same('Хорошая вещь за свои деньги. Немного маломерит, берите на размер больше.'),
    same('В целом всё понравилось, но цвет чуть темнее, чем на фото.'),
    { f: 'Качественно и удобно. Снизила оценку только за упаковку.', m: 'Качественно и удобно. Снизил оценку только за упаковку.' },
  ],
  3: [{ f: 'Нормально, но ожидала большего. Ткань тоньше, чем казалось.', m: 'Нормально, но ожидал большего. Ткань тоньше, чем казалось.' }, same('Средне: удобно, но через пару недель появились катышки.')],
  2: [same('Размер не совпал с таблицей, пришлось вернуть.')],
  1: [same('Пришло с браком, шов разошёлся в первый же день.')],
};

/** Pros and cons are short noun phrases, so they read the same from a man and a woman. */
const prosByRating: Record<number, readonly string[]> = {
  5: ['Мягкая ткань, аккуратные швы', 'Удобная посадка, приятный цвет', 'Качество за свои деньги'],
  4: ['Хорошая ткань, удобно в носке', 'Приятный цвет, быстрая доставка'],
  3: ['Невысокая цена'],
  2: ['Быстрая доставка'],
  1: [],
};
const consByRating: Record<number, readonly string[]> = {
  5: [],
  4: ['Цвет чуть темнее, чем на фото', 'Мнётся после стирки'],
  3: ['Тонкая ткань', 'Катышки через пару недель'],
  2: ['Размер не по таблице'],
  1: ['Брак по шву'],
};

/** How a demo review finds the size: as its text says when it says so, mostly «соответствует» otherwise. */
function sizeFitFor(text: string, roll: number): SizeFit {
  if (text.includes('маломерит')) return 'small';
  if (text.includes('Размер не совпал')) return 'large';
  return roll < 0.75 ? 'fits' : roll < 0.9 ? 'small' : 'large';
}

/** The demo's first names are all ordinary Russian ones: a woman's ends in «а» or «я». */
const writesAsWoman = (firstName: string) => /[ая]$/.test(firstName);

const questionsAndAnswers = [
  ['Подскажите, маломерит или соответствует размеру?', 'Соответствует размерной сетке. Если сомневаетесь между двумя размерами, выбирайте больший.'],
  ['Можно ли стирать в машинке?', 'Да, в деликатном режиме при 30 °C, без отжима на высоких оборотах.'],
  ['Будет ли снова в наличии чёрный цвет?', 'Ожидаем поставку в течение двух недель. Нажмите «Сообщить о поступлении» у нужного размера — пришлём письмо, как только товар появится.'],
  ['Какая страна производства?', null],
] as const;

/** A repeatable pseudo-random number in [0, 1) from two integers (the demo is the same every time). */
function pick(a: number, b: number): number {
  const x = Math.sin(a * 12.9898 + b * 78.233) * 43758.5453;
  return x - Math.floor(x);
}

function ratingFor(productId: number, index: number): number {
  const roll = pick(productId, index);
  return roll < 0.45 ? 5 : roll < 0.75 ? 4 : roll < 0.88 ? 3 : roll < 0.95 ? 2 : 1;
}

export async function seedReviews(trx: Transaction<Database>, options: { production: boolean }): Promise<void> {
  if (options.production) return;
  const already = await trx.selectFrom('reviews').select('id').limit(1).executeTakeFirst();
  if (already) return;

  // The demo shoppers' password: reuse their hash when they exist (argon2 is slow on purpose).
  const demo = await trx.selectFrom('users').select('passwordHash').where('email', '=', 'anna@shop.local').executeTakeFirst();
  const passwordHash = demo?.passwordHash ?? (await hashPassword('shopper-demo-2026'));
  await trx
    .insertInto('users')
    .values(reviewers.map(([firstName, lastName], index) => ({ email: `reviewer${index + 1}@shop.local`, firstName, lastName, isVerified: true, passwordHash })))
    .onConflict((oc) => oc.column('email').doNothing())
    .execute();
  const people = await trx.selectFrom('users').select(['id', 'role', 'firstName']).where('email', 'like', '%@shop.local').orderBy('id').execute();
  const shoppers = people.filter((person) => person.role === 'User').map((person) => person.id);
  const women = new Set(people.filter((person) => writesAsWoman(person.firstName)).map((person) => person.id));
  const shop = people.find((person) => person.role === 'Admin')?.id;
  if (!shoppers.length) return;

  const products = await trx.selectFrom('products').select('id').orderBy('id').limit(40).execute();
  const firstPictures = await trx
    .selectFrom('productVariants')
    .select(['productId', 'images'])
    .where('productId', 'in', products.length ? products.map((product) => product.id) : [0])
    .orderBy('productId')
    .orderBy('position')
    .execute();
  const sized = new Set((await trx.selectFrom('productSizes').select('productId').distinct().execute()).map((row) => row.productId));
  const picturesOf = new Map<number, string[]>();
  for (const row of firstPictures) if (!picturesOf.has(row.productId)) picturesOf.set(row.productId, row.images);

  // Distinct reviewers per product: at most as many reviews as there are shoppers.
  const reviewRows = products.flatMap(({ id: productId }) => {
    const count = Math.floor(pick(productId, 99) * Math.min(6, shoppers.length + 1));
    return Array.from({ length: Math.min(count, shoppers.length) }, (_, index) => {
      const rating = ratingFor(productId, index);
      const texts = textsByRating[rating]!;
      const withPhotos = rating >= 4 && pick(productId, index + 50) < 0.3 ? (picturesOf.get(productId) ?? []).slice(0, 2) : [];
      const userId = shoppers[(productId + index) % shoppers.length]!;
      const text = texts[(productId + index) % texts.length]!;
      const written = women.has(userId) ? text.f : text.m;
      // About half the reviews name pros and cons; every review of a sized product says how the size fits.
      const detailed = pick(productId, index + 400) < 0.5;
      const pros = prosByRating[rating]!;
      const cons = consByRating[rating]!;
      return {
        productId,
        userId,
        rating,
        text: written,
        images: withPhotos,
        pros: detailed && pros.length ? pros[(productId + index) % pros.length]! : null,
        cons: detailed && cons.length ? cons[(productId + index) % cons.length]! : null,
        sizeFit: sized.has(productId) ? sizeFitFor(written, pick(productId, index + 500)) : null,
      };
    });
  });
  const reviewIds = reviewRows.length ? (await trx.insertInto('reviews').values(reviewRows).returning('id').execute()).map((row) => row.id) : [];
  // Spread the dates over the last three months.
  await sql`update reviews set created_at = now() - (id * 37 % 90) * interval '1 day' - (id * 13 % 24) * interval '1 hour', updated_at = now()`.execute(trx);

  const reactions = reviewIds.flatMap((reviewId) =>
    shoppers.flatMap((userId, offset) => {
      const roll = pick(reviewId, offset + 200);
      return roll < 0.35 ? [{ reviewId, userId, reaction: roll < 0.28 ? ('Like' as const) : ('Dislike' as const) }] : [];
    }),
  );
  if (reactions.length) await trx.insertInto('reviewReactions').values(reactions).onConflict((oc) => oc.doNothing()).execute();
  if (reviewIds[0] && shop) {
    await trx.insertInto('reviewComments').values({ reviewId: reviewIds[0], userId: shop, text: 'Спасибо за отзыв! Рады, что покупка понравилась.', isShop: true }).execute();
  }
  // The best liked five-star review is the home page's review.
  await sql`update reviews set show_on_main = true where id = (
    select r.id from reviews r where r.rating = 5 and length(r.text) > 40
    order by (select count(*) from review_reactions x where x.review_id = r.id and x.reaction = 'Like') desc, r.id limit 1)`.execute(trx);

  for (const [index, { id: productId }] of products.slice(0, 12).entries()) {
    const [question, answer] = questionsAndAnswers[index % questionsAndAnswers.length]!;
    const created = await trx
      .insertInto('questions')
      .values({ productId, userId: shoppers[index % shoppers.length]!, text: question })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (answer && shop) {
      await trx.insertInto('questionComments').values({ questionId: created.id, userId: shop, text: answer, isShop: true }).execute();
    }
    if (pick(productId, 300) < 0.5) {
      await trx.insertInto('questionReactions').values({ questionId: created.id, userId: shoppers[(index + 1) % shoppers.length]!, reaction: 'Like' }).execute();
    }
  }
  await sql`update questions set created_at = now() - (id * 11 % 60) * interval '1 day', updated_at = now()`.execute(trx);
}
