import { TRPCError } from '@trpc/server';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { statusMessages } from '../../../../shared/errors.js';
import { maxInt } from '../../../../shared/schemas/common.js';
import { decodeCursor, encodeCursor } from '../../platform/cursor.js';
import type { Values } from './filters.js';
import type { ListSort } from './page.js';

/**
 * Keyset paging of the product list (docs/api.md, "Cursor paging"): an empty `cursor` starts a
 * walk, and each answer's `nextCursor` carries the last card's sort key, as the database wrote it
 * in text, and its id. The next page is the matches after that (sort key, id) in the list's order,
 * compared on the same expression the page is ordered by (the `matches` CTE's `sort_key`: for a
 * price under the variant rule, the matching variant's price). Relevance has no stable key to
 * compare (a float rank computed per request): a cursor there is refused.
 */

type KeyedSort = Exclude<ListSort['sortBy'], 'relevance'>;

/** The SQL type of each sort's key, which the cursor's text is cast back to. */
const keyTypes: Record<KeyedSort, string> = { price: 'bigint', name: 'text', createdAt: 'timestamptz', rating: 'real', id: 'int4' };

/** What a key of each sort looks like as text (anything else did not come from this list). */
const keyForms: Record<KeyedSort, (key: string) => boolean> = {
  price: (key) => /^\d{1,15}$/.test(key),
  id: (key) => /^\d{1,10}$/.test(key) && Number(key) <= maxInt,
  rating: (key) => /^-?\d{1,3}(\.\d{1,12})?$/.test(key),
  createdAt: (key) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(key) && realTime(key.slice(0, 23)),
  name: (key) => key.length <= 500 && !key.includes('\u0000'),
};

/** `2026-02-31T…` matches the form but names no time: the database would refuse it with a 500. */
function realTime(milliseconds: string): boolean {
  const time = Date.parse(`${milliseconds}Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 23) === milliseconds;
}

function refuse(detail: string): never {
  throw new TRPCError({ code: 'BAD_REQUEST', message: `${statusMessages[400]} ${detail}` });
}

/**
 * The position a request's cursor names: null for the first page (an empty cursor). Refuses a
 * cursor with offset, with relevance, and one that is not a key of this sort.
 */
export function cursorPosition(cursor: string, offset: number, sortBy: ListSort['sortBy']): { key: string; id: number } | null {
  if (offset > 0) refuse('cursor и offset вместе не используются');
  if (sortBy === 'relevance') {
    refuse('cursor не используется с сортировкой по релевантности (поиск по name без sortBy); укажите sortBy: price, name, createdAt, rating или id');
  }
  if (cursor === '') return null;
  const { value, id } = decodeCursor(cursor);
  if (typeof value !== 'string' || !keyForms[sortBy](value) || id < 1 || id > maxInt) {
    refuse('cursor: курсор другой сортировки или неизвестный; передайте nextCursor из предыдущего ответа с тем же sortBy');
  }
  return { key: value, id };
}

/** The condition of the page after the cursor's row (in the `page` CTE, over `matches`). */
export function afterCursor(sort: ListSort, values: Values): RawBuilder<SqlBool> {
  const type = keyTypes[sort.sortBy === 'relevance' ? 'id' : sort.sortBy];
  const past = sql.raw(sort.direction === 'asc' ? '>' : '<');
  return sql<SqlBool>`(sort_key, id) ${past} (cast(${values.afterKey} as ${sql.raw(type)}), ${values.afterId}::int4)`;
}

/** The sort key of the page's last row as text (null on an empty page), the next cursor's value. */
export function lastKeyText(sort: ListSort): RawBuilder<string | null> {
  const reverse = sql.raw(sort.direction === 'asc' ? 'desc' : 'asc');
  // A time at the database's own precision (microseconds) and independent of the session's settings.
  const text = sort.sortBy === 'createdAt' ? sql`to_char(page.sort_key at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')` : sql`page.sort_key::text`;
  // Ordered by the key itself, qualified: a bare `sort_key` would name the text column (`50000` after `190000`).
  return sql<string | null>`(select ${text} as key_text from page order by page.sort_key ${reverse}, page.id ${reverse} limit 1)`;
}

/** The next page's cursor: after the last row, when the page was full (there may be more). */
export function nextCursorAfter(rows: readonly { id: number }[], limit: number, lastKey: string | null): string | null {
  const last = rows.at(-1);
  return last && lastKey !== null && rows.length === limit ? encodeCursor(lastKey, last.id) : null;
}
