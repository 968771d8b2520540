import { describe, expect, it } from 'vitest';
import type { Category } from '../src/shared/schemas/catalogue.js';
import { withCategoryTree } from '../src/server/services/catalogue/listing/tree.js';
import { twoInstances } from './support/two-instances.js';

/** Category moves cannot make a cycle, even two opposite moves at the same moment. Two instances share one database: on PostgreSQL each has its own pool, so the races are real; on PGlite they share its single session. */
const pair = twoInstances();

describe('category moves cannot make a cycle', () => {
  it('of two opposite moves at the same moment, one is refused; the tree stays whole', async () => {
    for (let round = 0; round < 8; round += 1) {
      const x = (await pair.a.rest<Category>('POST', '/categories', { token: pair.tokenA, body: { name: `Икс ${round}`, url: `iks-${round}` } })).body;
      const y = (await pair.a.rest<Category>('POST', '/categories', { token: pair.tokenA, body: { name: `Игрек ${round}`, url: `igrek-${round}` } })).body;
      const answers = await Promise.all([
        pair.a.rest('PUT', `/categories/${x.id}`, { token: pair.tokenA, body: { name: x.name, url: x.url, parentId: y.id } }),
        pair.b.rest('PUT', `/categories/${y.id}`, { token: pair.tokenB, body: { name: y.name, url: y.url, parentId: x.id } }),
      ]);
      expect(answers.map((answer) => answer.status).sort(), `round ${round}`).toEqual([200, 400]);
      const tree = await pair.a.rest<Array<{ id: number; children: Array<{ id: number }> }>>('GET', '/categories/categoriesTree');
      const root = tree.body.find((node) => node.id === x.id || node.id === y.id);
      expect(root?.children.map((child) => child.id)).toEqual([root?.id === x.id ? y.id : x.id]);
    }
  });

  it('never answers with a category tree other than the one the statement saw', async () => {
    const seen: boolean[] = [];
    const answer = await withCategoryTree(pair.a.db, (tree, _check, db) => {
      seen.push(db.isTransaction);
      // Every answer claims a version the cached tree does not have: as if categories kept changing.
      return Promise.resolve({ result: tree.version, version: seen.length < 4 ? -1 : tree.version });
    });
    expect(seen).toEqual([false, false, false, true]);
    expect(typeof answer).toBe('number');
  });
});
