import { TRPCError } from '@trpc/server';
import { toRubles } from '../../../shared/money.js';
import { orderMessages } from '../../../shared/order-messages.js';
import type { Checkout } from '../../../shared/schemas/orders.js';
import type { Context } from '../../context.js';
import type { Db } from '../../db/connection.js';
import { reportToDatabase } from '../../db/observers.js';
import { inTransaction } from '../../db/transaction.js';
import { hashOpaqueToken } from '../accounts/tokens.js';
import { readCheckout } from './checkout-read.js';
import { saveOrderAddress } from './checkout-save-address.js';
import { deliveryChoice, needsMethod, needsNoAddress, noAddress, priceDelivery } from './checkout-delivery.js';
import { orderDeliveryOf } from '../delivery/snapshot.js';
import { admitGuestOrder, limitGuestUnits, networkOf, phoneDigits } from './guest-limits.js';
import { isKeyClash, orderByKey, orderKeyOf, type OrderKey } from './idempotency.js';
import { limitUnitsPerLine, mergeItems, type Item } from './items.js';
import { orderPlacedLetter, queueLetter, sendQueuedLetters } from './letters.js';
import type { Delivery, OrderRequest } from './order-request.js';
import { newOrderLink, orderStatusUrl } from './order-links.js';
import { takeStock, type LineSnapshot } from './stock.js';
import { orderEventData, recordEvent } from '../webhooks/events.js';
import { assertPaymentMethod, openPayment, orderPayment, withPayment } from '../payments/start.js';
import { insertPlacedOrder } from './order-insert.js';

const forbidden = () => new TRPCError({ code: 'FORBIDDEN' });
const badRequest = (message: string) => new TRPCError({ code: 'BAD_REQUEST', message });

/** The items: a basket's lines (locked, checked, then marked Ordered), one click, or staff's list. */
async function orderItems(trx: Db, request: OrderRequest): Promise<{ items: Item[]; basketId: string | null; ordered: boolean }> {
  if (request.items) return { items: mergeItems(request.items), basketId: null, ordered: false };
  if (request.oneClick) return { items: mergeItems([request.oneClick]), basketId: null, ordered: false };
  let basketId = request.basketId;
  if (!basketId && request.userId !== null) {
    const own = await trx.selectFrom('baskets').select('id').where('userId', '=', request.userId).where('status', '=', 'Active').executeTakeFirst();
    basketId = own?.id;
  }
  if (!basketId) throw badRequest(orderMessages.basketEmpty);
  const basket = await trx.selectFrom('baskets').select(['id', 'userId', 'status']).where('id', '=', basketId).forUpdate().executeTakeFirst();
  if (!basket) throw new TRPCError({ code: 'NOT_FOUND', message: orderMessages.basketNotFound });
  if (basket.userId !== null && basket.userId !== request.userId) throw forbidden();
  const lines = await trx.selectFrom('basketLines').select(['variantId', 'sizeId', 'quantity']).where('basketId', '=', basketId).orderBy('position').orderBy('id').execute();
  if (!lines.length) throw badRequest(orderMessages.basketEmpty);
  return { items: lines, basketId, ordered: basket.status === 'Ordered' };
}

/**
 * Delivery and names from an address: one's own, or a guest's address presented with its token
 * and not used before (within a day). A guest's address id without its token is answered 404 and
 * nothing of it is read out.
 */
async function addressDetails(trx: Db, request: OrderRequest): Promise<Delivery & { firstName: string | null; lastName: string | null }> {
  if (request.oneStep) return { address: '', city: '', country: '', zipCode: '', firstName: null, lastName: null };
  if (request.addressId === undefined) {
    if (!request.address) throw badRequest(orderMessages.addressRequired);
    return { ...request.address, firstName: null, lastName: null };
  }
  let query = trx
    .selectFrom('addresses')
    .select(['userId', 'firstName', 'lastName', 'address', 'city', 'country', 'zipCode', 'usedAt', 'createdAt'])
    .where('id', '=', request.addressId);
  if (request.kind === 'direct') {
    query = query.where('userId', 'is', null).where('tokenHash', '=', request.addressToken ? hashOpaqueToken(request.addressToken) : '');
  }
  const row = await query.forUpdate().executeTakeFirst();
  if (request.kind === 'direct') {
    if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: orderMessages.addressNotFound });
    const stale = row.usedAt !== null || Date.now() - row.createdAt.getTime() > 24 * 3600_000;
    if (stale) throw new TRPCError({ code: 'CONFLICT', message: orderMessages.directAddressUsed });
    await trx.updateTable('addresses').set({ usedAt: new Date() }).where('id', '=', request.addressId).execute();
  } else if (!row || row.userId !== request.userId) {
    throw forbidden();
  }
  return row;
}

async function contact(trx: Db, request: OrderRequest, fromAddress: { firstName: string | null; lastName: string | null }) {
  const user =
    request.userId !== null && (!request.email || !request.firstName || !request.lastName)
      ? await trx.selectFrom('users').select(['firstName', 'lastName', 'email']).where('id', '=', request.userId).executeTakeFirst()
      : undefined;
  const firstName = request.firstName ?? fromAddress.firstName ?? user?.firstName;
  const lastName = request.lastName ?? fromAddress.lastName ?? user?.lastName;
  const email = request.email ?? user?.email;
  if (!firstName || (!request.oneStep && (!lastName || !email))) throw badRequest('Укажите имя, фамилию и e-mail получателя.');
  return { firstName, lastName: lastName ?? '', email: email ?? '' };
}

/** The order just written, as GET /checkouts/{id} would answer it (without reading it back). */
function answer(
  order: { id: number; status: Checkout['status']; version: number; createdAt: Date; updatedAt: Date },
  values: Omit<Checkout, 'id' | 'status' | 'lines' | 'history' | 'version' | 'createdAt' | 'updatedAt' | 'totalAmount' | 'itemsAmount'> & { totalAmount: number; itemsAmount: number },
  lines: readonly LineSnapshot[],
  placedBy: number | null,
): Checkout {
  return {
    ...values,
    ...order,
    totalAmount: toRubles(values.totalAmount),
    itemsAmount: toRubles(values.itemsAmount),
    lines: lines.map((line) => ({
      productId: line.productId,
      variantId: line.variantId,
      sizeId: line.sizeId,
      name: line.productName,
      url: line.productUrl,
      article: line.article,
      color: line.colorName,
      size: line.sizeName,
      image: line.image,
      quantity: line.quantity,
      price: toRubles(line.unitPrice),
      lineTotal: toRubles(line.unitPrice * line.quantity),
    })),
    history: [{ fromStatus: null, toStatus: order.status, changedBy: placedBy, createdAt: order.createdAt }],
  };
}

type Services = Pick<Context, 'db' | 'mailer' | 'config' | 'rateLimits' | 'ip' | 'tokens'>;

/** The items of a shopper's order obey the per-line limit; a phone order by staff is bounded by its schema. */
function limitLines(ctx: Services, request: OrderRequest, items: readonly Item[]): void {
  if (request.kind !== 'staff') limitUnitsPerLine(items, ctx.config.guestLimits.unitsPerLine);
}

/**
 * Places an order in one transaction: the basket locked (a repeat with the same idempotency key,
 * found after that lock, answers the order already placed), the stock taken under row locks in
 * variant id order, the delivery priced for the goods taken (checkout-delivery.ts; the total is
 * goods + delivery), the order with its line and delivery snapshots and first history entry written, the basket
 * marked Ordered, the confirmation letter queued in the outbox; it is sent after the commit. A
 * guest order is first counted against its IP's and e-mail's hour and then held to the guest
 * limits (guest-limits.ts).
 */
export async function placeOrder(ctx: Services, request: OrderRequest): Promise<Checkout> {
  const { db } = ctx;
  if (request.kind !== 'staff' && Boolean(request.basketId) === Boolean(request.oneClick) && (request.oneClick || request.kind === 'direct')) {
    throw badRequest(orderMessages.basketOrOneClick);
  }
  await assertPaymentMethod(db, ctx.config.payments, request.paymentMethod);
  const orderKey = orderKeyOf(request);
  const giveBack = request.kind === 'direct' ? await admitGuestOrder(ctx, request.email ?? null) : null;
  let outcome: { id: number; placed: Checkout | null; payToken?: string | undefined };
  try {
    outcome = await inTransaction(db, (trx) => writeOrder(trx, ctx, request, orderKey));
  } catch (error) {
    // Two submits with one key at the same instant: the second finds the first's order.
    const repeated = isKeyClash(error) ? await orderByKey(db, orderKey) : null;
    if (repeated === null) throw error;
    outcome = { id: repeated, placed: null };
  }
  const { placed } = outcome;
  if (placed) {
    reportToDatabase(db, { type: 'orderPlaced', kind: request.kind });
    sendQueuedLetters(ctx.mailer);
    return withPayment(ctx, placed, outcome.payToken);
  }
  await giveBack?.();
  const order = await readCheckout(db, outcome.id);
  if (!order) throw new TRPCError({ code: 'NOT_FOUND', message: orderMessages.checkoutNotFound });
  return withPayment(ctx, order);
}

async function writeOrder(trx: Db, ctx: Services, request: OrderRequest, orderKey: OrderKey | null): Promise<{ id: number; placed: Checkout | null; payToken?: string | undefined }> {
  const { items, basketId, ordered } = await orderItems(trx, request);
  const repeated = await orderByKey(trx, orderKey);
  if (repeated !== null) return { id: repeated, placed: null };
  if (ordered) throw new TRPCError({ code: 'CONFLICT', message: orderMessages.basketOrdered });
  limitLines(ctx, request, items);
  const choice = await deliveryChoice(trx, request.deliveryMethodId, needsMethod(request));
  const given = needsNoAddress(choice, request) ? noAddress : await addressDetails(trx, request);
  const who = await contact(trx, request, given);
  const totalQuantity = items.reduce((sum, item) => sum + item.quantity, 0);
  if (request.kind === 'direct') await limitGuestUnits(trx, ctx, { units: totalQuantity, email: who.email || null, phone: request.phone });
  const lines = await takeStock(trx, items);
  const itemsAmount = lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);
  const { columns: shipping, address: delivery } = await priceDelivery(trx, choice, request.pickupPointId, given, itemsAmount);
  const totalAmount = itemsAmount + shipping.deliveryCost;
  if (request.saveAddress && request.kind === 'user' && request.userId !== null && request.address && request.addressId === undefined && !needsNoAddress(choice, request)) {
    await saveOrderAddress(trx, request.userId, { firstName: who.firstName, lastName: who.lastName, phone: request.phone }, request.address);
  }
  const payment = orderPayment(ctx.config.payments, request.paymentMethod);
  const values = {
    userId: request.userId,
    basketId,
    addressId: request.addressId ?? null,
    oneClick: Boolean(request.oneClick),
    ...who,
    phone: request.phone,
    address: delivery.address,
    city: delivery.city,
    country: delivery.country,
    zipCode: delivery.zipCode,
    comment: request.comment,
    totalAmount,
    totalQuantity,
    callbackPending: Boolean(request.oneStep),
  };
  const link = newOrderLink(ctx.tokens);
  const order = await insertPlacedOrder(trx, {
    order: {
      ...values,
      ...shipping,
      itemsAmount,
      ...payment.columns,
      idempotencyKey: orderKey?.key ?? null,
      idempotencyScope: orderKey?.scope ?? null,
      requestHash: orderKey?.requestHash ?? null,
      placedFrom: request.kind === 'direct' ? networkOf(ctx.ip) : null,
      phoneDigits: request.kind === 'direct' ? phoneDigits(request.phone) : null,
      accessTokenHash: link.hash,
      accessTokenSealed: link.sealed,
    },
    lines,
    status: payment.status,
    placedBy: request.placedBy,
    consent: request.kind === 'staff' ? null : { kind: request.oneClick ? 'one_click' : 'order', contact: who.email || request.phone, ip: ctx.ip },
  });
  if (basketId) await trx.updateTable('baskets').set({ status: 'Ordered', totalAmount: itemsAmount, updatedAt: new Date() }).where('id', '=', basketId).execute();
  const placed = answer(order, { ...values, itemsAmount, delivery: orderDeliveryOf(shipping), ...payment.answer }, lines, request.placedBy);
  // Shown once, to whoever placed an order without an account (and in its letter).
  if (request.userId === null) placed.statusUrl = orderStatusUrl(ctx.config.publicUrl, link.token);
  await recordEvent(trx, 'order.placed', orderEventData(placed));
  await queueLetter(trx, ctx, orderPlacedLetter(placed, ctx.config.publicUrl));
  return { id: order.id, placed, payToken: await openPayment(trx, ctx.config, placed) };
}
