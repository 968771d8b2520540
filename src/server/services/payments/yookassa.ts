import { z } from 'zod';
import type { PaymentSettings } from '../../config.js';
import {
  kopecksToValue,
  ProviderError,
  valueToKopecks,
  type CreatePaymentInput,
  type CreateRefundInput,
  type PaymentProvider,
  type ProviderPayment,
  type ProviderRefund,
  type Receipt,
} from './provider.js';

type YooKassaSettings = NonNullable<PaymentSettings['yookassa']>;

const amountShape = z.object({ value: z.string(), currency: z.string() });
const paymentAnswer = z.object({
  id: z.string().min(1),
  status: z.enum(['pending', 'waiting_for_capture', 'succeeded', 'canceled']),
  amount: amountShape,
  confirmation: z.object({ type: z.string(), confirmation_url: z.string().optional() }).optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
});
const refundAnswer = z.object({
  id: z.string().min(1),
  payment_id: z.string(),
  status: z.enum(['pending', 'succeeded', 'canceled']),
  amount: amountShape,
});
const errorAnswer = z.object({ type: z.literal('error').optional(), code: z.string().optional(), description: z.string().optional(), parameter: z.string().optional() });

/** How many times a 429 is asked again (with the same Idempotence-Key), and the longest pause. */
const rateLimitRetries = 2;
const longestPauseMs = 2_000;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function parseJson(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return null;
  }
}

function toAmount(value: { value: string; currency: string }): { amount: number; currency: string } {
  const amount = valueToKopecks(value.value);
  if (amount === null) throw new ProviderError('unavailable', `ЮKassa: unreadable amount ${value.value}`);
  return { amount, currency: value.currency };
}

function receiptBody(receipt: Receipt): object {
  return {
    customer: receipt.customer,
    items: receipt.items.map((item) => ({
      description: item.description.slice(0, 128),
      quantity: item.quantity.toFixed(2),
      amount: { value: kopecksToValue(item.unitPrice), currency: 'RUB' },
      vat_code: item.vatCode,
      payment_subject: item.paymentSubject,
      payment_mode: item.paymentMode,
    })),
  };
}

/**
 * ЮKassa API v3 (https://yookassa.ru/developers/api): Basic auth with the shop id and secret key,
 * an `Idempotence-Key` on every POST, amounts as "1299.00" strings. A 429 is asked again after a
 * short pause (the same key, so never a second payment); a timeout, a network failure, a 5xx or a
 * 429 past the retries is `unavailable`, a 400 `refused`, 401/403 `auth`, 404 `notFound`.
 */
export class YooKassa implements PaymentProvider {
  readonly name = 'yookassa';
  readonly #settings: YooKassaSettings;

  constructor(settings: YooKassaSettings) {
    this.#settings = settings;
  }

  async createPayment(input: CreatePaymentInput): Promise<ProviderPayment> {
    const answer = await this.#call('POST', '/payments', input.idempotenceKey, {
      amount: { value: kopecksToValue(input.amountKopecks), currency: 'RUB' },
      capture: true,
      confirmation: { type: 'redirect', return_url: input.returnUrl },
      description: input.description.slice(0, 128),
      metadata: { orderId: String(input.orderId) },
      receipt: receiptBody(input.receipt),
    });
    return this.#payment(answer);
  }

  async getPayment(providerId: string): Promise<ProviderPayment | null> {
    try {
      return this.#payment(await this.#call('GET', `/payments/${encodeURIComponent(providerId)}`));
    } catch (error) {
      if (error instanceof ProviderError && error.kind === 'notFound') return null;
      throw error;
    }
  }

  async createRefund(input: CreateRefundInput): Promise<ProviderRefund> {
    const answer = await this.#call('POST', '/refunds', input.idempotenceKey, {
      payment_id: input.paymentId,
      amount: { value: kopecksToValue(input.amountKopecks), currency: 'RUB' },
      receipt: receiptBody(input.receipt),
    });
    return this.#refund(answer);
  }

  async getRefund(providerId: string): Promise<ProviderRefund | null> {
    try {
      return this.#refund(await this.#call('GET', `/refunds/${encodeURIComponent(providerId)}`));
    } catch (error) {
      if (error instanceof ProviderError && error.kind === 'notFound') return null;
      throw error;
    }
  }

  #payment(answer: unknown): ProviderPayment {
    const parsed = paymentAnswer.safeParse(answer);
    if (!parsed.success) throw new ProviderError('unavailable', 'ЮKassa: unexpected payment answer');
    const payment = parsed.data;
    const orderId = Number(payment.metadata?.['orderId']);
    return {
      providerId: payment.id,
      status: payment.status,
      confirmationUrl: payment.confirmation?.confirmation_url ?? null,
      ...toAmount(payment.amount),
      orderId: Number.isSafeInteger(orderId) && orderId > 0 ? orderId : null,
    };
  }

  #refund(answer: unknown): ProviderRefund {
    const parsed = refundAnswer.safeParse(answer);
    if (!parsed.success) throw new ProviderError('unavailable', 'ЮKassa: unexpected refund answer');
    return { providerId: parsed.data.id, paymentId: parsed.data.payment_id, status: parsed.data.status, ...toAmount(parsed.data.amount) };
  }

  async #call(method: 'GET' | 'POST', path: string, idempotenceKey?: string, body?: object): Promise<unknown> {
    const { shopId, secretKey, apiUrl, timeoutMs } = this.#settings;
    const deadline = Date.now() + timeoutMs;
    const headers: Record<string, string> = {
      authorization: `Basic ${Buffer.from(`${shopId}:${secretKey}`).toString('base64')}`,
      accept: 'application/json',
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(idempotenceKey ? { 'idempotence-key': idempotenceKey } : {}),
    };
    for (let attempt = 0; ; attempt += 1) {
      let response: Response;
      try {
        response = await fetch(`${apiUrl}${path}`, {
          method,
          headers,
          redirect: 'error',
          signal: AbortSignal.timeout(Math.max(1, deadline - Date.now())),
          ...(body ? { body: JSON.stringify(body) } : {}),
        });
      } catch (cause) {
        throw new ProviderError('unavailable', `ЮKassa ${method} ${path}: ${cause instanceof Error ? cause.message : String(cause)}`);
      }
      const text = await response.text().catch(() => '');
      const parsed = parseJson(text);
      if (response.ok) return parsed;
      const problem = errorAnswer.safeParse(parsed);
      const detail = `ЮKassa ${method} ${path}: ${response.status} ${problem.success ? `${problem.data.code ?? ''} ${problem.data.description ?? ''}`.trim() : ''}`;
      if (response.status === 429 && attempt < rateLimitRetries) {
        const retryAfter = Number(response.headers.get('retry-after'));
        const wait = Math.min(longestPauseMs, Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : 200 * (attempt + 1));
        if (Date.now() + wait < deadline) {
          await pause(wait);
          continue;
        }
      }
      if (response.status === 400) throw new ProviderError('refused', detail, 400);
      if (response.status === 401 || response.status === 403) throw new ProviderError('auth', detail, response.status);
      if (response.status === 404) throw new ProviderError('notFound', detail, 404);
      throw new ProviderError('unavailable', detail, response.status);
    }
  }
}

/** The configured provider, or null when online payment is not set up. */
export function paymentProvider(settings: PaymentSettings): PaymentProvider | null {
  return settings.yookassa ? new YooKassa(settings.yookassa) : null;
}
