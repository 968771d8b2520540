import { TRPCError } from '@trpc/server';
import { sql } from 'kysely';
import type { SizeChart, SizeChartInput } from '../../../shared/schemas/size-charts.js';
import type { Db } from '../../db/connection.js';
import { nextVersion, sameVersion } from '../platform/versioned.js';
import { domainMessages } from '../../../shared/errors.js';

/**
 * Size charts (docs/catalogue.md, "Size charts"): one per category (a second answers 409), a
 * title and a table of text cells. A product shows the chart of the nearest of its categories or
 * their ancestors that has one.
 */

type ChartFields = Pick<SizeChartInput, 'categoryId' | 'title' | 'columns' | 'rows'>;

const chartTaken = () => new TRPCError({ code: 'CONFLICT', message: 'У этой категории уже есть таблица размеров' });
const missingCategory = () => new TRPCError({ code: 'BAD_REQUEST', message: 'Категория не найдена' });

function charts(db: Db) {
  return db
    .selectFrom('sizeCharts as s')
    .innerJoin('categories as c', 'c.id', 's.categoryId')
    .select(['s.id', 's.categoryId', 'c.name as categoryName', 's.title', 's.columns', 's.rows', 's.version']);
}

export async function listSizeCharts(db: Db, input: { limit: number; offset: number }): Promise<{ rows: SizeChart[]; length: number }> {
  const [rows, total] = await Promise.all([
    charts(db).orderBy('c.name').orderBy('s.id').limit(input.limit).offset(input.offset).execute(),
    db.selectFrom('sizeCharts').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, length: Number(total.n) };
}

export async function getSizeChart(db: Db, id: number): Promise<SizeChart> {
  const row = await charts(db).where('s.id', '=', id).executeTakeFirst();
  if (!row) throw new TRPCError({ code: 'NOT_FOUND' });
  return row;
}

async function checkCategory(db: Db, categoryId: number, except: number | null): Promise<void> {
  const category = await db.selectFrom('categories').select('id').where('id', '=', categoryId).executeTakeFirst();
  if (!category) throw missingCategory();
  const taken = await db
    .selectFrom('sizeCharts')
    .select('id')
    .where('categoryId', '=', categoryId)
    .$if(except !== null, (query) => query.where('id', '<>', except ?? 0))
    .executeTakeFirst();
  if (taken) throw chartTaken();
}

const stored = (fields: ChartFields) => ({
  categoryId: fields.categoryId,
  title: fields.title,
  columns: JSON.stringify(fields.columns),
  rows: JSON.stringify(fields.rows),
});

export async function createSizeChart(db: Db, fields: ChartFields): Promise<SizeChart> {
  await checkCategory(db, fields.categoryId, null);
  // A chart made meanwhile for the same category is refused by the unique key (409).
  const { id } = await db.insertInto('sizeCharts').values(stored(fields)).returning('id').executeTakeFirstOrThrow();
  return getSizeChart(db, id);
}

export async function updateSizeChart(db: Db, id: number, fields: ChartFields, version: number | undefined): Promise<SizeChart> {
  await checkCategory(db, fields.categoryId, id);
  const updated = await db.updateTable('sizeCharts').set({ ...stored(fields), version: nextVersion }).where('id', '=', id).where(sameVersion(version)).returning('id').executeTakeFirst();
  if (!updated) {
    const exists = await db.selectFrom('sizeCharts').select('id').where('id', '=', id).executeTakeFirst();
    throw exists ? new TRPCError({ code: 'CONFLICT', message: domainMessages.staleVersion }) : new TRPCError({ code: 'NOT_FOUND' });
  }
  return getSizeChart(db, id);
}

export async function deleteSizeChart(db: Db, id: number): Promise<{ ok: true }> {
  const deleted = await db.deleteFrom('sizeCharts').where('id', '=', id).returning('id').executeTakeFirst();
  if (!deleted) throw new TRPCError({ code: 'NOT_FOUND' });
  return { ok: true };
}

/**
 * The chart a product shows: walking up from each of its categories, the nearest one with a
 * chart (fewest steps; among equals the lowest category id). Null when there is none; 404 when
 * the product does not exist.
 */
export async function productSizeChart(db: Db, productId: number): Promise<{ chart: SizeChart | null }> {
  const product = await db.selectFrom('products').select('id').where('id', '=', productId).executeTakeFirst();
  if (!product) throw new TRPCError({ code: 'NOT_FOUND' });
  const { rows } = await sql<{ id: number }>`
    with recursive up(category_id, parent_id, depth) as (
      select c.id, c.parent_id, 0 from product_categories pc join categories c on c.id = pc.category_id where pc.product_id = ${productId}
      union
      select c.id, c.parent_id, up.depth + 1 from up join categories c on c.id = up.parent_id where up.depth < 50
    )
    select s.id from up join size_charts s on s.category_id = up.category_id
    order by up.depth, up.category_id limit 1`.execute(db);
  const found = rows[0];
  return { chart: found ? await getSizeChart(db, found.id) : null };
}
