import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Checkout, CheckoutPaymentState } from '../src/shared/schemas/orders.js';
import { paymentMessages } from '../src/shared/schemas/payments.js';
import type { TestApp } from './support/harness.js';
import { delivery, signUp } from './support/orders-support.js';
import { paymentsHelpers, startPaymentsShop, type PaymentsShop } from './support/payments-support.js';

/**
 * The return page's read (docs/payments.md): GET /checkouts/{id}/payment-state answers the order's
 * status and payment status to the guest holding the order's payToken and to its owner signed in,
 * follows the payment from «Ожидает оплаты» to paid, and refuses anyone else with 403.
 */

let s: PaymentsShop;
let t: TestApp;
const { onlineOrder, providerIdOf, basketWith, nextIp } = paymentsHelpers(() => s, '10.31.0');

beforeAll(async () => {
  s = await startPaymentsShop();
  t = s.t;
});

afterAll(async () => {
  await t?.close();
  await s?.fake.close();
});

const stateOf = (id: number, query = '', token?: string) => t.rest<CheckoutPaymentState>('GET', `/checkouts/${id}/payment-state${query}`, token ? { token } : {});

describe('the payment state of an order', () => {
  it('is read by the guest with the payToken: pending, then paid once the provider says so', async () => {
    const order = await onlineOrder();
    const payToken = order.payment?.payToken ?? '';
    expect(payToken).not.toBe('');
    const pending = await stateOf(order.id, `?payToken=${encodeURIComponent(payToken)}`);
    expect(pending.status).toBe(200);
    expect(pending.body).toMatchObject({ checkoutId: order.id, status: 'AwaitingPayment', paymentMethod: 'online', paymentStatus: 'pending' });
    expect(pending.body.payBy).not.toBeNull();

    expect(await s.fake.succeed(await providerIdOf(order.id))).toBe(200);
    const paid = await t.trpc().orders.checkouts.paymentState.query({ checkoutId: order.id, payToken });
    expect(paid).toMatchObject({ status: 'New', paymentStatus: 'paid' });
  });

  it('is refused without the token, with another order\'s token, and for an order that does not exist', async () => {
    const order = await onlineOrder();
    const other = await onlineOrder();
    for (const query of ['', `?payToken=${encodeURIComponent(other.payment?.payToken ?? '')}`, '?payToken=made-up']) {
      const answer = await stateOf(order.id, query);
      expect(answer.status).toBe(403);
      expect(answer.body).toMatchObject({ message: paymentMessages.stateForbidden });
    }
    expect((await stateOf(999_999, `?payToken=${encodeURIComponent(order.payment?.payToken ?? '')}`)).status).toBe(403);
  });

  it('is read by the signed-in owner without a token, and refused to another shopper', async () => {
    const owner = await signUp(t, 'state-owner@shop.test');
    const stranger = await signUp(t, 'state-stranger@shop.test');
    const basketId = await basketWith([{ variantId: s.plaid.variants[0]!.id, quantity: 1 }]);
    const placed = await t.rest<Checkout>('POST', '/checkouts', {
      token: owner.token,
      ip: nextIp(),
      body: { basketId, address: delivery, phone: '+7 900 111-22-33', firstName: 'Анна', lastName: 'Иванова', paymentMethod: 'online', consent: true },
    });
    expect(placed.status).toBe(200);
    expect(placed.body.payment?.payToken).toBeUndefined();
    const own = await stateOf(placed.body.id, '', owner.token);
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ status: 'AwaitingPayment', paymentStatus: 'pending' });
    expect((await stateOf(placed.body.id, '', stranger.token)).status).toBe(403);
  });

  it('answers an order paid on delivery as such', async () => {
    const owner = await signUp(t, 'state-cash@shop.test');
    const basketId = await basketWith([{ variantId: s.pillow.variants[0]!.id, quantity: 1 }]);
    const placed = await t.rest<Checkout>('POST', '/checkouts', {
      token: owner.token,
      ip: nextIp(),
      body: { basketId, address: delivery, phone: '+7 900 111-22-44', firstName: 'Анна', lastName: 'Петрова', consent: true },
    });
    expect(placed.status).toBe(200);
    expect((await stateOf(placed.body.id, '', owner.token)).body).toMatchObject({ status: 'New', paymentMethod: 'onDelivery', paymentStatus: 'none' });
  });
});
