import type { Context } from '../../context.js';
import { inTransaction } from '../../db/transaction.js';
import type { PaymentProvider } from './provider.js';
import { refreshPaymentStatus } from './refunds.js';

/** A refund's state as the provider says it (a refund the provider cancelled no longer counts). */
export async function refreshRefund(services: Pick<Context, 'db'>, provider: PaymentProvider, providerId: string): Promise<void> {
  const row = await services.db
    .selectFrom('refunds as r')
    .innerJoin('payments as p', 'p.id', 'r.paymentId')
    .select(['r.id', 'r.status', 'p.checkoutId'])
    .where('r.providerId', '=', providerId)
    .executeTakeFirst();
  if (!row || row.status !== 'pending') return;
  const remote = await provider.getRefund(providerId);
  if (!remote || remote.status === 'pending') return;
  await inTransaction(services.db, async (trx) => {
    await trx.updateTable('refunds').set({ status: remote.status, updatedAt: new Date() }).where('id', '=', row.id).where('status', '=', 'pending').execute();
    await refreshPaymentStatus(trx, row.checkoutId);
  });
}
