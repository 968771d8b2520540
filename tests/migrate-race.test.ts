import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../src/server/db/migrate.js';
import { startTestApp, type TestApp } from './support/harness.js';

/** Migrations are not upset by other schemas coming and going (other instances, other test files). */

let t: TestApp;
const databaseUrl = process.env['DATABASE_URL'];

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

describe('migrating while other schemas are dropped', () => {
  it('finishes every run', async () => {
    let churning = true;
    const churn = async () => {
      if (!databaseUrl) return 0;
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      let dropped = 0;
      try {
        while (churning) {
          const name = `churn_${randomBytes(4).toString('hex')}`;
          await client.query(`create schema ${name}; create table ${name}.t (id serial primary key, a int, b text)`);
          await client.query(`drop schema ${name} cascade`);
          dropped += 1;
        }
      } finally {
        await client.end();
      }
      return dropped;
    };
    const churners = [churn(), churn()];
    try {
      // An up-to-date database: each run only reads the catalogue, the step the drops can upset.
      for (let i = 0; i < 25; i++) expect((await migrateToLatest(t.db)).applied).toEqual([]);
    } finally {
      churning = false;
    }
    const dropped = (await Promise.all(churners)).reduce((a, b) => a + b, 0);
    if (databaseUrl) expect(dropped).toBeGreaterThan(0);
  });
});
