import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { openDatabase, type Db } from '../../src/server/db/connection.js';
import { quote, readSequences, readTables, setTextForms } from '../../src/server/db/transfer/catalog.js';
import type { TransferDatabase } from '../../src/server/db/transfer/run.js';
import type { TestApp } from './harness.js';

/** Every table's rows as text, ordered by primary key, and every sequence: what export and import must keep. */
export interface ShopContents {
  tables: Record<string, string[]>;
  sequences: Record<string, number>;
}

export async function contentsOf(database: TransferDatabase): Promise<ShopContents> {
  const handle = await openDatabase({ ...database, poolSize: 1 });
  try {
    return await handle.db.transaction().execute(async (trx: Db) => {
      await setTextForms(trx);
      const tables: Record<string, string[]> = {};
      for (const table of await readTables(trx)) {
        const order = table.primaryKey.map((column) => `t.${quote(column)}`).join(', ');
        const { rows } = await sql.raw<{ row: string }>(`select t::text as row from ${quote(table.name)} t order by ${order}`).execute(trx);
        tables[table.name] = rows.map((row) => row.row);
      }
      const sequences: Record<string, number> = {};
      for (const sequence of await readSequences(trx)) sequences[sequence.name] = sequence.isCalled ? sequence.lastValue : sequence.lastValue - 1;
      return { tables, sequences };
    });
  } finally {
    await handle.close();
  }
}

export async function tempDir(): Promise<string> {
  return fs.mkdtemp(path.join(os.tmpdir(), 'shop-transfer-'));
}

/** A schema of its own on the PostgreSQL of DATABASE_URL (dropped by `drop`). */
export async function postgresSchema(databaseUrl: string): Promise<{ schema: string; drop(): Promise<void> }> {
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`create schema ${schema}`);
  const drop = () => run(`drop schema ${schema} cascade`);
  return { schema, drop };
}

/** A guest's one-click order for the first item in stock: its id. */
export async function placeOrder(t: TestApp, email: string): Promise<number> {
  const item = await t.db
    .selectFrom('variantItems as vi')
    .innerJoin('productVariants as pv', 'pv.id', 'vi.variantId')
    .innerJoin('products as p', 'p.id', 'pv.productId')
    .select(['vi.variantId', 'vi.sizeId'])
    .where('vi.stock', '>', 0)
    .where('p.availability', '=', true)
    .orderBy('vi.id')
    .executeTakeFirstOrThrow();
  const order = await t.trpc().orders.checkouts.direct.mutate({
    firstName: 'Ольга',
    lastName: 'Переездова',
    email,
    phone: '+7 900 123-45-67',
    consent: true,
    oneClick: { variantId: item.variantId, sizeId: item.sizeId, quantity: 1 },
    address: { address: 'ул. Ленина, д. 1, кв. 2', city: 'Москва', country: 'Россия', zipCode: '101000' },
  });
  return order.id;
}

/** The largest order id in the database. */
export async function lastOrderId(t: TestApp): Promise<number> {
  const row = await t.db.selectFrom('checkouts').select((eb) => eb.fn.max('id').as('id')).executeTakeFirstOrThrow();
  return Number(row.id);
}
