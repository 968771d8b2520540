import type { ColumnType } from 'kysely';

/** A normalised search text that found products (migrations/0035_popular_searches.ts). */
export interface PopularSearchesTable {
  query: string;
  count: ColumnType<number, number | undefined, number>;
  lastAt: ColumnType<Date, Date | undefined, Date>;
}

export interface SearchTables {
  popularSearches: PopularSearchesTable;
}
