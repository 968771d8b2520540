import { describe, expect, it } from 'vitest';
import { domainMessages } from '../src/shared/errors.js';
import type { Product } from '../src/shared/schemas/catalogue.js';
import { twoInstances, asInput, createProduct } from './support/two-instances.js';

/** Articles are unique across products: concurrent saves that clash get a 409 naming the article, never a 500, and no article value is reserved. Two instances share one database: on PostgreSQL each has its own pool, so the races are real; on PGlite they share its single session. */
const pair = twoInstances();

describe('concurrency errors are 409s, never 500s', () => {
  it('two saves adding the same new articles in opposite order: one wins, the other is told which article is taken', async () => {
    for (let round = 0; round < 15; round += 1) {
      const [first, second] = await Promise.all([
        createProduct(pair.a, pair.tokenA, { name: `Первый ${round}`, url: `pervyj-${round}`, variants: [{ article: `own-a-${round}`, price: 10, stock: 1 }] }),
        createProduct(pair.b, pair.tokenB, { name: `Второй ${round}`, url: `vtoroj-${round}`, variants: [{ article: `own-b-${round}`, price: 10, stock: 1 }] }),
      ]);
      const clash = [`clash-x-${round}`, `clash-y-${round}`];
      const add = (product: Product, articles: string[]) => ({
        ...asInput(product),
        variants: [...asInput(product).variants, ...articles.map((article) => ({ article, price: 5, stock: 1 }))],
      });
      const answers = await Promise.all([
        pair.a.rest<{ message?: string }>('PUT', `/products/${first.id}`, { token: pair.tokenA, body: add(first, clash) }),
        pair.b.rest<{ message?: string }>('PUT', `/products/${second.id}`, { token: pair.tokenB, body: add(second, [...clash].reverse()) }),
      ]);
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses, `round ${round}`).toEqual([200, 409]);
      const refusal = answers.find((answer) => answer.status === 409)!;
      expect(refusal.body.message).toMatch(new RegExp(`^${domainMessages.articleTaken}clash-[xy]-${round}$`));
    }
  });

  it('a duplicate article created at the same moment names the article', async () => {
    const answers = await Promise.all(
      [pair.a, pair.b, pair.a, pair.b].map((app, index) =>
        app.rest<{ message?: string }>('POST', '/products', {
          token: app === pair.a ? pair.tokenA : pair.tokenB,
          body: { name: `Дубль ${index}`, url: `dubl-${index}`, variants: [{ article: 'SAME-ARTICLE', price: 1, stock: 1 }] },
        }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    for (const answer of answers.filter((candidate) => candidate.status !== 200)) {
      expect(answer).toEqual({ status: 409, body: { statusCode: 409, code: 'CONFLICT', message: `${domainMessages.articleTaken}SAME-ARTICLE` } });
    }
  });
});

describe('no magic values in user data', () => {
  it('saves a product whatever articles other products have, and swaps articles within one save', async () => {
    const own = await createProduct(pair.a, pair.tokenA, {
      name: 'Кошелёк',
      url: 'koshelek',
      variants: [
        { article: 'KS-BLACK', price: 900, stock: 1 },
        { article: 'KS-BROWN', price: 950, stock: 1 },
      ],
    });
    const [first, second] = own.variants;
    // Another product uses exactly the articles a placeholder scheme would have used.
    await createProduct(pair.a, pair.tokenA, {
      name: 'Чужой',
      url: 'chuzhoj',
      variants: [
        { article: `~${first!.id}`, price: 1, stock: 1 },
        { article: `~${second!.id}`, price: 1, stock: 1 },
      ],
    });
    const swapped = await pair.a.rest<Product>('PUT', `/products/${own.id}`, {
      token: pair.tokenA,
      body: {
        ...asInput(own),
        variants: [
          { id: first!.id, article: 'KS-BROWN', price: 900, stock: 1 },
          { id: second!.id, article: 'KS-BLACK', price: 950, stock: 1 },
        ],
      },
    });
    expect(swapped.status).toBe(200);
    expect(swapped.body.variants.map((variant) => [variant.id, variant.article])).toEqual([
      [first!.id, 'KS-BROWN'],
      [second!.id, 'KS-BLACK'],
    ]);
  });
});
