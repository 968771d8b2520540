import type { ColumnType } from 'kysely';

/**
 * Column types shared by the tables of every domain. Column names are camelCase here and
 * snake_case in PostgreSQL (CamelCasePlugin). Money is kopecks in bigint columns, read as numbers.
 */

/** Set by the database on insert, never written by the shop. */
export type CreatedAt = ColumnType<Date, never, never>;
/** Set by the database on insert; an edit writes the new time. */
export type UpdatedAt = ColumnType<Date, never, Date>;
/** Optimistic concurrency: bumped by every edit (services/platform/versioned.ts). */
export type Version = ColumnType<number, never, number>;
/** A column with a database default: optional on insert. */
export type Defaulted<T> = ColumnType<T, T | undefined, T>;
/** A JSON column: read as `T`, written as the JSON.stringify of it. */
export type Json<T> = ColumnType<T, string, string>;
