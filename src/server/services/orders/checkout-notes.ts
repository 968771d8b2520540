import { TRPCError } from '@trpc/server';
import { sql } from 'kysely';
import { orderMessages } from '../../../shared/order-messages.js';
import type { CheckoutNote } from '../../../shared/schemas/orders-staff.js';
import type { Db } from '../../db/connection.js';
import { inTransaction } from '../../db/transaction.js';
import { recordOrderChange } from './checkout-events.js';

const notFound = () => new TRPCError({ code: 'NOT_FOUND', message: orderMessages.checkoutNotFound });

/** The order's internal notes (staff only), oldest first, with their authors' names. */
export async function listNotes(db: Db, checkoutId: number): Promise<CheckoutNote[]> {
  const order = await db.selectFrom('checkouts').select('id').where('id', '=', checkoutId).executeTakeFirst();
  if (!order) throw notFound();
  const rows = await db
    .selectFrom('checkoutNotes as n')
    .leftJoin('users as u', 'u.id', 'n.authorId')
    .select(['n.id', 'n.text', 'n.authorId', 'n.createdAt', sql<string | null>`nullif(trim(u.first_name || ' ' || u.last_name), '')`.as('fullName'), 'u.email'])
    .where('n.checkoutId', '=', checkoutId)
    .orderBy('n.id')
    .execute();
  return rows.map(({ fullName, email, ...row }) => ({ ...row, authorName: fullName ?? email ?? null }));
}

/** POST /checkouts/{id}/notes (Admin): a note, and its line in the order's history. */
export async function addNote(db: Db, checkoutId: number, text: string, authorId: number): Promise<CheckoutNote[]> {
  await inTransaction(db, async (trx) => {
    const order = await trx.selectFrom('checkouts').select('id').where('id', '=', checkoutId).forUpdate().executeTakeFirst();
    if (!order) throw notFound();
    await trx.insertInto('checkoutNotes').values({ checkoutId, text, authorId }).execute();
    await recordOrderChange(trx, checkoutId, 'note', { before: null, after: { text: text.length > 200 ? `${text.slice(0, 200)}…` : text }, by: authorId, keepVersion: true });
  });
  return listNotes(db, checkoutId);
}
