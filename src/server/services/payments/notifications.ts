import type { FastifyBaseLogger } from 'fastify';
import type { Context } from '../../context.js';
import { applyPayment } from './apply.js';
import { ProviderError } from './provider.js';
import { refreshRefund } from './refund-state.js';
import { paymentProvider } from './yookassa.js';

type Services = Pick<Context, 'db' | 'mailer' | 'config' | 'rateLimits' | 'tokens'>;
type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

/**
 * One notification: the id is looked up among the shop's own payments (or refunds), then asked of
 * the provider; only the provider's answer counts. An id the shop does not know, one the provider
 * does not know, or a provider that does not answer now changes nothing (the sweeper asks again
 * about pending payments later).
 */
export async function handlePaymentNotification(services: Services, body: { event?: string | undefined; object: { id: string } }, log: Log): Promise<void> {
  const provider = paymentProvider(services.config.payments);
  if (!provider) return;
  const id = body.object.id;
  try {
    if (body.event?.startsWith('refund.')) {
      await refreshRefund(services, provider, id);
      return;
    }
    const row = await services.db.selectFrom('payments').select(['id', 'checkoutId', 'providerId', 'status', 'amount', 'currency']).where('providerId', '=', id).executeTakeFirst();
    if (!row) {
      log.info({ paymentId: id }, 'payments: notification about an unknown payment ignored');
      return;
    }
    const remote = await provider.getPayment(id);
    if (!remote) {
      log.warn({ paymentId: id }, 'payments: notification about a payment the provider does not know ignored');
      return;
    }
    await applyPayment(services, { ...row, amount: Number(row.amount) }, remote, log);
  } catch (error) {
    if (error instanceof ProviderError) {
      log.warn({ err: error, paymentId: id }, 'payments: provider not asked about a notification; the sweeper will');
      return;
    }
    throw error;
  }
}
