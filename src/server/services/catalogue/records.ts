import { TRPCError } from '@trpc/server';
import type { Insertable, SelectQueryBuilder, Selectable } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { Database } from '../../db/schema.js';
import { missingOrStale, nextVersion, sameVersion } from '../platform/versioned.js';
import { refuseIfReferenced } from './dependents.js';

/**
 * Brands, colours, tags and sizes are the catalogue's simple named records: a name, a url, a
 * version and a few fields of their own. Reading one, writing one under the optimistic version
 * check and deleting one only while no product uses it follow one rule, written here; each
 * entity's own list filters stay in its own file.
 */
export type NamedTable = 'brands' | 'colors' | 'tags' | 'sizes';

type Fields<T extends NamedTable> = Omit<Insertable<Database[T]>, 'id' | 'version'>;

interface PageInput<S> {
  sortBy: S;
  orderBy: 'asc' | 'desc';
  limit: number;
  offset: number;
}

/**
 * The shared queries of one named table, answering rows of `columns`. Kysely cannot follow a table
 * name chosen at run time through its types, so the queries are written against one of the tables
 * (all four share id, name, url and version) and their rows typed by the caller's columns.
 */
export function namedRecords<T extends NamedTable, C extends keyof Selectable<Database[T]> & string>(table: T, columns: readonly C[]) {
  type Row = Pick<Selectable<Database[T]>, C>;
  const anyOf = table as 'tags';
  const selected = columns as readonly string[] as readonly 'id'[];
  const asRow = (row: object) => row as Row;
  return {
    /** One page of `filtered` (a query of the table with the entity's own filters) and the total. */
    async page<S extends C>(filtered: SelectQueryBuilder<Database, T, object>, input: PageInput<S>): Promise<{ rows: Row[]; length: number }> {
      const query = filtered as unknown as SelectQueryBuilder<Database, 'tags', object>;
      const [rows, total] = await Promise.all([
        query
          .select(selected)
          .orderBy(input.sortBy as 'id', input.orderBy)
          .orderBy('id')
          .limit(input.limit)
          .offset(input.offset)
          .execute(),
        query.select((eb) => eb.fn.countAll<number>().as('length')).executeTakeFirstOrThrow(),
      ]);
      return { rows: rows.map(asRow), length: total.length };
    },

    async get(db: Db, id: number): Promise<Row> {
      const row = await db.selectFrom(anyOf).select(selected).where('id', '=', id).executeTakeFirst();
      if (!row) throw new TRPCError({ code: 'NOT_FOUND' });
      return asRow(row);
    },

    async create(db: Db, fields: Fields<T>): Promise<Row> {
      return asRow(await db.insertInto(anyOf).values(fields as Fields<'tags'>).returning(selected).executeTakeFirstOrThrow());
    },

    /** A stale `version` answers 409, a missing row 404. */
    async update(db: Db, id: number, fields: Fields<T>, version?: number): Promise<Row> {
      const row = await db
        .updateTable(anyOf)
        .set({ ...(fields as Fields<'tags'>), version: nextVersion })
        .where('id', '=', id)
        .where(sameVersion(version))
        .returning(selected)
        .executeTakeFirst();
      if (!row) throw await missingOrStale(db, table, id);
      return asRow(row);
    },

    /** Refused (409, naming what uses it) while products use the record; foreign keys stand behind. */
    async remove(db: Db, id: number): Promise<{ ok: true }> {
      await refuseIfReferenced(db, { table, id });
      const result = await db.deleteFrom(anyOf).where('id', '=', id).executeTakeFirst();
      if (result.numDeletedRows === 0n) throw new TRPCError({ code: 'NOT_FOUND' });
      return { ok: true };
    },
  };
}
