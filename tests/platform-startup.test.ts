import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/server/config.js';
import { prepareDatabase } from '../src/server/db/setup.js';

/** The first start on an empty embedded database prepares it: migrations, demo data and the first admin. */
describe('start-up on an empty embedded database', () => {
  it('migrates, adds the demo data once, and creates the first admin from the environment', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-data-'));
    const config = loadConfig({ DATA_DIR: dataDir, ADMIN_EMAIL: 'Boss@Shop.test', ADMIN_PASSWORD: 'boss-password' });
    const first = await prepareDatabase(config, { log: () => undefined });
    const tags = await first.db.selectFrom('tags').select('name').execute();
    expect(tags.map((tag) => tag.name)).toContain('Новинка');
    const admin = await first.db.selectFrom('users').select(['role', 'isVerified']).where('email', '=', 'boss@shop.test').executeTakeFirstOrThrow();
    expect(admin).toEqual({ role: 'Admin', isVerified: true });
    // A product nobody reviewed, asked about or ordered (those cannot be deleted).
    const removed = await first.db
      .selectFrom('products as p')
      .select(['p.id', 'p.url'])
      .where((eb) =>
        eb.and([
          eb.not(eb.exists(eb.selectFrom('reviews').select('id').whereRef('reviews.productId', '=', 'p.id'))),
          eb.not(eb.exists(eb.selectFrom('questions').select('id').whereRef('questions.productId', '=', 'p.id'))),
          eb.not(eb.exists(eb.selectFrom('checkoutLines').select('id').whereRef('checkoutLines.productId', '=', 'p.id'))),
        ]),
      )
      .orderBy('p.id')
      .executeTakeFirstOrThrow();
    await first.db.deleteFrom('products').where('id', '=', removed.id).execute();
    await first.close();

    // A second start keeps the data as it is: the seed runs only on a fresh database.
    const second = await prepareDatabase(config, { log: () => undefined });
    expect(await second.db.selectFrom('products').select('id').where('url', '=', removed.url).executeTakeFirst()).toBeUndefined();
    await second.close();
    // Drawing the demo pictures and two starts of an on-disk database: slow on a busy 2-core machine.
  }, 120_000);
});
