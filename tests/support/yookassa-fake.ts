import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { servePaymentPage } from './yookassa-fake-page.js';

/**
 * A local ЮKassa (API v3) for the tests, a real HTTP server on a free port, answering the calls the
 * shop makes as the documented API does: Basic auth (401 invalid_credentials), an Idempotence-Key
 * required on every POST (400), the same key with the same body answering the same again and with
 * another body 400; payments create/get, refunds create/get (never more than the payment has
 * left), receipts checked (customer, items, sums) and kept for assertions; errors as
 * `{ type: 'error', id, code, description, parameter }`. Test controls: a 429 or a delay for the
 * next requests, `succeed` and `cancel` (which POST the notification to the shop, as ЮKassa does),
 * and `setAmount` (a payment that does not match its order). The confirmation page the shopper is
 * sent to lets a browser pay or cancel (yookassa-fake-page.ts).
 */

interface Amount {
  value: string;
  currency: string;
}

export interface FakeReceiptItem {
  description: string;
  quantity: string;
  amount: Amount;
  vat_code: number;
  payment_subject: string;
  payment_mode: string;
}

export interface FakeReceipt {
  customer: { email?: string; phone?: string };
  items: FakeReceiptItem[];
}

export interface FakePayment {
  id: string;
  status: 'pending' | 'waiting_for_capture' | 'succeeded' | 'canceled';
  paid: boolean;
  amount: Amount;
  description?: string;
  confirmation: { type: 'redirect'; confirmation_url: string; return_url: string };
  metadata: Record<string, string>;
  created_at: string;
  captured_at?: string;
  test: true;
  refundable: boolean;
  refunded_amount: Amount;
}

export interface FakeRefund {
  id: string;
  payment_id: string;
  status: 'succeeded';
  amount: Amount;
  created_at: string;
}

export interface YooKassaFake {
  url: string;
  /** Where `succeed` and `cancel` POST their notification (the shop's endpoint). */
  notifyUrl: string;
  /** The confirmation page sends the browser to return_url's path on this origin when set (the test shop's own address). */
  returnOrigin: string | null;
  payments: FakePayment[];
  refunds: FakeRefund[];
  receipts: Array<{ kind: 'payment' | 'refund'; id: string; paymentId: string; receipt: FakeReceipt }>;
  /** Every request, in order: method and path. */
  requests: Array<{ method: string; path: string }>;
  /** The next `count` requests answer 429 too_many_requests. */
  rateLimitNext(count: number): void;
  /** The next `count` POSTs to /payments answer after `ms` (they are still carried out). */
  delayNextPayments(ms: number, count?: number): void;
  succeed(paymentId: string, options?: { notify?: boolean }): Promise<number | null>;
  cancel(paymentId: string, options?: { notify?: boolean }): Promise<number | null>;
  /** POSTs a notification naming this payment (as ЮKassa would, or a forged one). */
  notify(event: string, object: object): Promise<number>;
  setAmount(paymentId: string, value: string): void;
  /** Resolves once every POST received so far has been answered (a delayed one included). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const kopecks = (value: string) => Math.round(Number(value) * 100);
const money = (k: number) => (k / 100).toFixed(2);

class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    description: string,
    readonly parameter?: string,
  ) {
    super(description);
  }
}

function checkAmount(value: unknown, parameter: string): Amount {
  const amount = value as Partial<Amount> | undefined;
  if (!amount || typeof amount.value !== 'string' || !/^\d+(\.\d{1,2})?$/.test(amount.value) || kopecks(amount.value) <= 0) throw new Refusal(400, 'invalid_request', 'Invalid amount', parameter);
  if (amount.currency !== 'RUB') throw new Refusal(400, 'invalid_request', 'Unsupported currency', `${parameter}.currency`);
  return { value: amount.value, currency: amount.currency };
}

/** 54-ФЗ: a customer's e-mail or phone, items with every field, and items adding up to the amount. */
function checkReceipt(value: unknown, amount: Amount): FakeReceipt {
  const receipt = value as Partial<FakeReceipt> | undefined;
  if (!receipt) throw new Refusal(400, 'invalid_request', 'Receipt is missing', 'receipt');
  if (!receipt.customer?.email && !receipt.customer?.phone) throw new Refusal(400, 'invalid_request', 'Customer contact is missing', 'receipt.customer');
  if (!Array.isArray(receipt.items) || !receipt.items.length) throw new Refusal(400, 'invalid_request', 'Receipt items are missing', 'receipt.items');
  let sum = 0;
  receipt.items.forEach((item, index) => {
    const at = `receipt.items[${index}]`;
    if (typeof item.description !== 'string' || !item.description || item.description.length > 128) throw new Refusal(400, 'invalid_request', 'Bad description', `${at}.description`);
    if (typeof item.quantity !== 'string' || !(Number(item.quantity) > 0)) throw new Refusal(400, 'invalid_request', 'Bad quantity', `${at}.quantity`);
    checkAmount(item.amount, `${at}.amount`);
    if (!Number.isInteger(item.vat_code) || item.vat_code < 1 || item.vat_code > 10) throw new Refusal(400, 'invalid_request', 'Bad vat_code', `${at}.vat_code`);
    if (!['commodity', 'service'].includes(item.payment_subject)) throw new Refusal(400, 'invalid_request', 'Bad payment_subject', `${at}.payment_subject`);
    if (!['full_prepayment', 'full_payment'].includes(item.payment_mode)) throw new Refusal(400, 'invalid_request', 'Bad payment_mode', `${at}.payment_mode`);
    sum += Math.round(kopecks(item.amount.value) * Number(item.quantity));
  });
  if (sum !== kopecks(amount.value)) throw new Refusal(400, 'invalid_request', `Receipt sum ${money(sum)} differs from the amount ${amount.value}`, 'receipt');
  return receipt as FakeReceipt;
}

export async function startYooKassaFake(credentials: { shopId: string; secretKey: string }): Promise<YooKassaFake> {
  const payments = new Map<string, FakePayment>();
  const refunds = new Map<string, FakeRefund>();
  // A POST's answer by its key, kept from its start: a repeat while the first is still running waits for it.
  const answered = new Map<string, { body: string; outcome: Promise<{ status: number; answer: unknown }> }>();
  let limited = 0;
  let delays: number[] = [];
  const expectedAuth = `Basic ${Buffer.from(`${credentials.shopId}:${credentials.secretKey}`).toString('base64')}`;

  const fake = {
    url: '',
    notifyUrl: '',
    returnOrigin: null as string | null,
    payments: [] as FakePayment[],
    refunds: [] as FakeRefund[],
    receipts: [] as YooKassaFake['receipts'],
    requests: [] as YooKassaFake['requests'],
  };

  function createPayment(body: Record<string, unknown>): FakePayment {
    const amount = checkAmount(body['amount'], 'amount');
    const confirmation = body['confirmation'] as { type?: string; return_url?: string } | undefined;
    if (confirmation?.type !== 'redirect' || typeof confirmation.return_url !== 'string') throw new Refusal(400, 'invalid_request', 'Bad confirmation', 'confirmation');
    const receipt = checkReceipt(body['receipt'], amount);
    const id = randomUUID();
    const payment: FakePayment = {
      id,
      status: 'pending',
      paid: false,
      amount,
      ...(typeof body['description'] === 'string' ? { description: body['description'] } : {}),
      confirmation: { type: 'redirect', confirmation_url: `${fake.url}/checkout/payments/${id}`, return_url: confirmation.return_url },
      metadata: (body['metadata'] as Record<string, string> | undefined) ?? {},
      created_at: new Date().toISOString(),
      test: true,
      refundable: false,
      refunded_amount: { value: '0.00', currency: 'RUB' },
    };
    payments.set(id, payment);
    fake.payments.push(payment);
    fake.receipts.push({ kind: 'payment', id, paymentId: id, receipt });
    return payment;
  }

  function createRefund(body: Record<string, unknown>): FakeRefund {
    const payment = typeof body['payment_id'] === 'string' ? payments.get(body['payment_id']) : undefined;
    if (!payment) throw new Refusal(400, 'invalid_request', 'Unknown payment', 'payment_id');
    if (payment.status !== 'succeeded') throw new Refusal(400, 'invalid_request', 'Payment is not succeeded', 'payment_id');
    const amount = checkAmount(body['amount'], 'amount');
    const left = kopecks(payment.amount.value) - kopecks(payment.refunded_amount.value);
    if (kopecks(amount.value) > left) throw new Refusal(400, 'invalid_request', 'Refund amount exceeds the payment', 'amount');
    const receipt = checkReceipt(body['receipt'], amount);
    const refund: FakeRefund = { id: randomUUID(), payment_id: payment.id, status: 'succeeded', amount, created_at: new Date().toISOString() };
    payment.refunded_amount = { value: money(kopecks(payment.refunded_amount.value) + kopecks(amount.value)), currency: 'RUB' };
    refunds.set(refund.id, refund);
    fake.refunds.push(refund);
    fake.receipts.push({ kind: 'refund', id: refund.id, paymentId: payment.id, receipt });
    return refund;
  }

  async function route(method: string, path: string, raw: string, key: string | undefined): Promise<{ status: number; answer: unknown }> {
    if (method === 'POST') {
      if (!key) throw new Refusal(400, 'invalid_request', 'Idempotence-Key header is required', 'Idempotence-Key');
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        throw new Refusal(400, 'invalid_request', 'Malformed JSON');
      }
      if (path === '/v3/payments') {
        const delay = delays.shift();
        const payment = createPayment(body);
        if (delay) await pause(delay);
        return { status: 200, answer: payment };
      }
      if (path === '/v3/refunds') return { status: 200, answer: createRefund(body) };
      throw new Refusal(404, 'not_found', 'Unknown path');
    }
    const paymentId = /^\/v3\/payments\/([^/]+)$/.exec(path)?.[1];
    if (method === 'GET' && paymentId) {
      const payment = payments.get(decodeURIComponent(paymentId));
      if (!payment) throw new Refusal(404, 'not_found', 'Payment not found');
      return { status: 200, answer: payment };
    }
    const refundId = /^\/v3\/refunds\/([^/]+)$/.exec(path)?.[1];
    if (method === 'GET' && refundId) {
      const refund = refunds.get(decodeURIComponent(refundId));
      if (!refund) throw new Refusal(404, 'not_found', 'Refund not found');
      return { status: 200, answer: refund };
    }
    throw new Refusal(404, 'not_found', 'Unknown path');
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void (async () => {
        const method = request.method ?? 'GET';
        const path = (request.url ?? '/').split('?')[0] ?? '/';
        const raw = Buffer.concat(chunks).toString('utf8');
        fake.requests.push({ method, path });
        const send = (status: number, answer: unknown) => {
          response.writeHead(status, { 'content-type': 'application/json' });
          response.end(JSON.stringify(answer));
        };
        const error = (refusal: Refusal) =>
          send(refusal.status, { type: 'error', id: randomUUID(), code: refusal.code, description: refusal.message, ...(refusal.parameter ? { parameter: refusal.parameter } : {}) });
        const pageControls = { find: (id: string) => payments.get(id), settle: (id: string, status: 'succeeded' | 'canceled') => settle(id, status, true), returnOrigin: () => fake.returnOrigin };
        if (servePaymentPage(method, path, raw, response, pageControls)) return;
        if (request.headers.authorization !== expectedAuth) return error(new Refusal(401, 'invalid_credentials', 'Basic authentication failed'));
        if (limited > 0) {
          limited -= 1;
          return error(new Refusal(429, 'too_many_requests', 'Too many requests'));
        }
        const key = typeof request.headers['idempotence-key'] === 'string' ? request.headers['idempotence-key'] : undefined;
        const remembered = method === 'POST' && key ? answered.get(`${path} ${key}`) : undefined;
        if (remembered && remembered.body !== raw) return error(new Refusal(400, 'invalid_request', 'Idempotence key was used with another request', 'Idempotence-Key'));
        try {
          const outcome = remembered?.outcome ?? route(method, path, raw, key);
          if (method === 'POST' && key && !remembered) answered.set(`${path} ${key}`, { body: raw, outcome });
          const { status, answer } = await outcome;
          return send(status, answer);
        } catch (cause) {
          if (cause instanceof Refusal) return error(cause);
          return error(new Refusal(500, 'internal_server_error', cause instanceof Error ? cause.message : 'failure'));
        }
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const notify = async (event: string, object: object): Promise<number> => {
    const response = await fetch(fake.notifyUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ type: 'notification', event, object }) });
    await response.text();
    return response.status;
  };
  const settle = async (paymentId: string, status: 'succeeded' | 'canceled', notifyShop: boolean) => {
    const payment = payments.get(paymentId);
    if (!payment) throw new Error(`fake ЮKassa: no payment ${paymentId}`);
    if (payment.status !== 'pending') throw new Error(`fake ЮKassa: payment ${paymentId} is ${payment.status}`);
    payment.status = status;
    if (status === 'succeeded') {
      payment.paid = true;
      payment.refundable = true;
      payment.captured_at = new Date().toISOString();
    }
    return notifyShop ? notify(`payment.${status}`, payment) : null;
  };

  return Object.assign(fake, {
    rateLimitNext(count: number) {
      limited = count;
    },
    delayNextPayments(ms: number, count = 1) {
      delays = Array.from({ length: count }, () => ms);
    },
    succeed: (paymentId: string, options: { notify?: boolean } = {}) => settle(paymentId, 'succeeded', options.notify ?? true),
    cancel: (paymentId: string, options: { notify?: boolean } = {}) => settle(paymentId, 'canceled', options.notify ?? true),
    notify,
    setAmount(paymentId: string, value: string) {
      const payment = payments.get(paymentId);
      if (payment) payment.amount = { ...payment.amount, value };
    },
    idle: async () => {
      await Promise.allSettled([...answered.values()].map((entry) => entry.outcome));
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
