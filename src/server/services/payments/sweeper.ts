import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { AppServices } from '../../context.js';
import { inTransaction } from '../../db/transaction.js';
import { moveCheckoutStatus } from '../orders/checkout-status.js';
import { sendQueuedLetters } from '../orders/letters.js';
import { applyPayment } from './apply.js';
import { ProviderError } from './provider.js';
import { submitRefunds } from './refunds.js';
import { paymentProvider } from './yookassa.js';

type Services = Pick<AppServices, 'db' | 'mailer' | 'config' | 'rateLimits' | 'tokens'>;
type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

/** A payment younger than this is left to its notification. */
const quietSeconds = 60;
/**
 * While the provider cannot be asked, an expired order is kept this long past `pay_by` (it may have
 * been paid); then it is cancelled all the same, and a payment that still succeeds is refunded.
 */
const unansweredGraceMs = 60 * 60_000;
const batch = 50;

/**
 * Every PAYMENT_POLL_MS, in every instance (docs/payments.md):
 * - pending payments older than a minute are asked of the provider and applied as a notification
 *   would be (a lost notification is recovered);
 * - orders still «Ожидает оплаты» past `pay_by` are cancelled with their stock returned: each is
 *   first asked of the provider (a payment that succeeded meanwhile wins), then locked with
 *   `for update skip locked` and its status checked again, so one instance cancels it, once;
 * - refunds the provider has not yet taken are sent again (same Idempotence-Key).
 */
export class PaymentSweeper {
  readonly #services: Services;
  readonly #log: Log;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<{ checked: number; expired: number }> | null = null;

  constructor(services: Services, log: Log) {
    this.#services = services;
    this.#log = log;
  }

  start(): void {
    this.#timer = setInterval(() => void this.sweep().catch((error: unknown) => this.#log.warn({ err: error }, 'payments: sweep failed')), this.#services.config.payments.pollMs);
    this.#timer.unref();
  }

  /** One round; a round still running is awaited instead of starting another beside it. */
  sweep(): Promise<{ checked: number; expired: number }> {
    this.#running ??= this.#round().finally(() => {
      this.#running = null;
    });
    return this.#running;
  }

  async close(): Promise<void> {
    clearInterval(this.#timer);
    await this.#running?.catch(() => undefined);
  }

  async #round(): Promise<{ checked: number; expired: number }> {
    const checked = await this.#checkPending();
    const expired = await this.#expire();
    await submitRefunds(this.#services, null, this.#log);
    return { checked, expired };
  }

  /** Asks the provider about payments; false when it could not be asked. */
  async #ask(where: { checkoutId?: number; olderThanQuiet?: boolean }): Promise<{ asked: number; ok: boolean }> {
    const provider = paymentProvider(this.#services.config.payments);
    if (!provider) return { asked: 0, ok: true };
    let query = this.#services.db
      .selectFrom('payments')
      .select(['id', 'checkoutId', 'providerId', 'status', 'amount', 'currency'])
      .where('status', 'in', ['pending', 'waiting_for_capture'])
      .where('providerId', 'is not', null)
      .orderBy('id')
      .limit(batch);
    if (where.checkoutId !== undefined) query = query.where('checkoutId', '=', where.checkoutId);
    if (where.olderThanQuiet) query = query.where('createdAt', '<', sql<Date>`now() - make_interval(secs => ${quietSeconds})`);
    let asked = 0;
    for (const row of await query.execute()) {
      try {
        const remote = await provider.getPayment(row.providerId ?? '');
        asked += 1;
        if (remote) await applyPayment(this.#services, { ...row, amount: Number(row.amount) }, remote, this.#log);
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error;
        this.#log.warn({ err: error, paymentId: row.providerId }, 'payments: provider not asked');
        return { asked, ok: false };
      }
    }
    return { asked, ok: true };
  }

  #checkPending(): Promise<number> {
    return this.#ask({ olderThanQuiet: true }).then((result) => result.asked);
  }

  async #expire(): Promise<number> {
    const { db } = this.#services;
    const due = await db.selectFrom('checkouts').select(['id', 'payBy']).where('status', '=', 'AwaitingPayment').where('payBy', '<', sql<Date>`now()`).orderBy('payBy').limit(batch).execute();
    let expired = 0;
    for (const { id, payBy } of due) {
      // The provider first: a payment that succeeded meanwhile moves the order on instead.
      const asked = await this.#ask({ checkoutId: id });
      if (!asked.ok && Date.now() - (payBy?.getTime() ?? 0) < unansweredGraceMs) continue;
      const cancelled = await inTransaction(db, async (trx) => {
        const row = await trx
          .selectFrom('checkouts')
          .select('id')
          .where('id', '=', id)
          .where('status', '=', 'AwaitingPayment')
          .where('payBy', '<', sql<Date>`now()`)
          .forUpdate()
          .skipLocked()
          .executeTakeFirst();
        if (!row) return false;
        const paid = await trx.selectFrom('payments').select('id').where('checkoutId', '=', id).where('status', '=', 'succeeded').executeTakeFirst();
        if (paid) return false;
        // Its pending payment stays pending: should it still succeed, the money goes back (apply.ts).
        await moveCheckoutStatus(trx, this.#services, id, 'Canceled', null);
        return true;
      });
      if (cancelled) {
        expired += 1;
        this.#log.info({ checkoutId: id }, 'payments: unpaid order cancelled, stock returned');
      }
    }
    if (expired) sendQueuedLetters(this.#services.mailer);
    return expired;
  }
}
