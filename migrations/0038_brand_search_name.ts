import { sql, type Kysely } from 'kysely';

/**
 * A brand's name as a search word compares with it (lower case, «ё» as «е»), stored: reading a
 * search text (search/resolve.ts) compares every query word with every brand's name, and
 * computing `lower(translate(name, …))` for each of the 200 brands of the bench's catalogue cost
 * 0.06 ms per word, the largest part of that statement; comparing the stored name costs 0.015 ms.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table brands add column search_name text generated always as (lower(translate(name, 'ёЁ', 'еЕ'))) stored`.execute(db);
}

export function down(): Promise<void> {
  return Promise.reject(new Error('Migrations are forward-only'));
}
