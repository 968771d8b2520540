import { TRPCError } from '@trpc/server';
import { sql } from 'kysely';
import { domainMessages } from '../../../shared/errors.js';
import type { LegalPage, LegalPageCard, LegalPageInput, LegalSlug } from '../../../shared/schemas/legal.js';
import type { Db } from '../../db/connection.js';
import { inTransaction } from '../../db/transaction.js';
import { sameVersion, nextVersion } from '../platform/versioned.js';
import { sanitizeNewsBody } from './sanitize.js';

/**
 * The legal pages (docs/legal.md): four rows made by migration 0024, read by anyone, edited by the
 * Admin. The body passes the news allow-list on every write; every edit bumps `version`, and the
 * privacy page's version is the one later consents refer to.
 */
const cardColumns = ['slug', 'title', 'version', 'updatedAt'] as const;
const columns = [...cardColumns, 'body'] as const;
const order = ['privacy', 'offer', 'delivery', 'returns'];

export async function listLegalPages(db: Db): Promise<{ rows: LegalPageCard[]; length: number }> {
  const rows = await db.selectFrom('legalPages').select(cardColumns).execute();
  rows.sort((a, b) => order.indexOf(a.slug) - order.indexOf(b.slug));
  return { rows, length: rows.length };
}

export async function getLegalPage(db: Db, slug: LegalSlug): Promise<LegalPage> {
  const row = await db.selectFrom('legalPages').select(columns).where('slug', '=', slug).executeTakeFirst();
  if (!row) throw new TRPCError({ code: 'NOT_FOUND' });
  return row;
}

export function updateLegalPage(db: Db, slug: LegalSlug, input: LegalPageInput, editor: number, version?: number): Promise<LegalPage> {
  const values = { title: input.title, body: sanitizeNewsBody(input.body) };
  return inTransaction(db, async (trx) => {
    const row = await trx
      .updateTable('legalPages')
      .set({ ...values, version: nextVersion, updatedAt: sql<Date>`now()`, updatedBy: editor })
      .where('slug', '=', slug)
      .where(sameVersion(version))
      .returning(columns)
      .executeTakeFirst();
    if (row) return row;
    const exists = await trx.selectFrom('legalPages').select('slug').where('slug', '=', slug).executeTakeFirst();
    throw exists ? new TRPCError({ code: 'CONFLICT', message: domainMessages.staleVersion }) : new TRPCError({ code: 'NOT_FOUND' });
  });
}
