import { TRPCError } from '@trpc/server';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { domainMessages } from '../../../shared/errors.js';
import type { Db } from '../../db/connection.js';

/**
 * Optimistic concurrency for every edit of the back office: a row carries a `version`, every edit
 * bumps it, and an edit that names the version it loaded applies only while the row still has
 * it. A stale edit answers 409 «Запись изменена другим пользователем. Обновите страницу.» instead
 * of silently erasing the other edit. A REST caller that sends no version overwrites as before.
 */
export type VersionedTable = 'users' | 'categories' | 'colors' | 'brands' | 'tags' | 'sizes' | 'products' | 'news' | 'advertisements' | 'scanners' | 'webhookEndpoints';

/** `set({ version: nextVersion })` in the edit's UPDATE. */
export const nextVersion = sql<number>`version + 1`;

/** `where(sameVersion(version))` in the edit's UPDATE: the row as the client loaded it, if it said. */
export function sameVersion(version: number | undefined): RawBuilder<SqlBool> {
  return version === undefined ? sql<SqlBool>`true` : sql<SqlBool>`version = ${version}`;
}

/** Why an edit's UPDATE found no row: 404 when the row is gone, 409 when it changed meanwhile. */
export async function missingOrStale(db: Db, table: VersionedTable, id: number): Promise<TRPCError> {
  const row = await db.selectFrom(table as 'tags').select('id').where('id', '=', id).executeTakeFirst();
  return row ? new TRPCError({ code: 'CONFLICT', message: domainMessages.staleVersion }) : new TRPCError({ code: 'NOT_FOUND' });
}
