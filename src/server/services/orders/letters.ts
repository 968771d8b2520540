import { formatRubles } from '../../../shared/money.js';
import { checkoutStatusLabels, type Checkout, type CheckoutStatus } from '../../../shared/schemas/orders.js';
import type { Context } from '../../context.js';
import type { Db } from '../../db/connection.js';
import { escapeHtml, letterPage } from '../mail/html.js';
import { inertText } from '../mail/text.js';
import type { Letter, Mailer } from '../mail/mailer.js';

/**
 * The orders' letters, in Russian, plain text and HTML. What the shopper typed (name, address,
 * phone) goes in through `inertText`, so a letter to whatever address a guest gave never carries a
 * link the guest wrote.
 */

const shopName = 'Магазин';

function lineText(line: Checkout['lines'][number]): string {
  const details = [line.color, line.size ? `размер ${line.size}` : null].filter(Boolean).join(', ');
  return `${line.name}${details ? ` (${details})` : ''}, арт. ${line.article} — ${line.quantity} × ${formatRubles(line.price)} = ${formatRubles(line.lineTotal)}`;
}

function deliveryText(order: Checkout): string {
  return inertText([order.zipCode, order.country, order.city, order.address].filter(Boolean).join(', '));
}

/** «Доставка: Курьер, 1–2 дня — 300 ₽» (or «бесплатно»), or «по согласованию» when the order has none yet. */
function deliveryCostText(order: Checkout): string {
  const { delivery } = order;
  if (!delivery) return 'Доставка: по согласованию с магазином';
  return `Доставка: ${delivery.name}${delivery.estimate ? `, ${delivery.estimate}` : ''} — ${delivery.cost === 0 ? 'бесплатно' : formatRubles(delivery.cost)}`;
}

/** Where the order goes: the pickup point (name, address, hours) or the address. */
function destinationText(order: Checkout): string | null {
  const point = order.delivery?.pickupPoint;
  if (point) return `Пункт самовывоза: ${point.name}, ${point.address}. Часы работы: ${point.hours}`;
  const address = deliveryText(order);
  return address ? `Адрес доставки: ${address}` : null;
}

/** The goods, the delivery, the total, and where to (docs/delivery.md). */
function summaryLines(order: Checkout): string[] {
  const destination = destinationText(order);
  return [`Товары: ${formatRubles(order.itemsAmount)}`, deliveryCostText(order), `Итого: ${formatRubles(order.totalAmount)}`, ...(destination ? [destination] : [])];
}

/**
 * Where the letter sends its reader: a signed-in shopper's orders in the profile; a guest's order
 * its own status page (`statusUrl`, docs/orders.md "Status link"), or no link when it is unknown.
 */
function orderLink(order: Checkout, publicUrl: string): { url: string; label: string } | null {
  if (order.userId !== null) return { url: `${publicUrl}/profile`, label: 'Заказы в личном кабинете' };
  return order.statusUrl ? { url: order.statusUrl, label: 'Статус заказа' } : null;
}

function body(order: Checkout, lead: string, withLines: boolean, publicUrl: string): Letter {
  const link = orderLink(order, publicUrl);
  const greeting = `Здравствуйте, ${inertText(order.firstName)}!`;
  const lines = withLines ? order.lines.map(lineText) : [];
  const text = [
    greeting,
    '',
    lead,
    '',
    ...(withLines ? ['Состав заказа:', ...lines.map((line) => `• ${line}`), '', ...summaryLines(order), `Телефон: ${inertText(order.phone)}`, ''] : []),
    `Статус заказа: ${checkoutStatusLabels[order.status]}`,
    ...(link ? [`${link.label}: ${link.url}`] : []),
    '',
    `— ${shopName}`,
  ].join('\n');
  const html = letterPage(`<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(lead)}</p>
${
  withLines
    ? `<ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>
<p>${summaryLines(order)
        .map((line) => (line.startsWith('Итого:') ? `<b>${escapeHtml(line)}</b>` : escapeHtml(line)))
        .join('<br>')}</p>
<p>Телефон: ${escapeHtml(inertText(order.phone))}</p>`
    : ''
}
<p>Статус заказа: <b>${escapeHtml(checkoutStatusLabels[order.status])}</b></p>
${link ? `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>` : ''}
<p>— ${shopName}</p>`);
  return { to: order.email, subject: '', text, html };
}

export function orderPlacedLetter(order: Checkout, publicUrl: string): Letter {
  const letter = body(order, `Спасибо за заказ! Мы приняли ваш заказ № ${order.id} и скоро свяжемся с вами для подтверждения доставки.`, true, publicUrl);
  return { ...letter, subject: `Заказ № ${order.id} принят` };
}

const statusLeads: Record<CheckoutStatus, string> = {
  AwaitingPayment: 'ожидает оплаты',
  New: 'принят',
  InDelivery: 'передан в доставку',
  Completed: 'выполнен. Спасибо, что выбрали нас!',
  Canceled: 'отменён. Если вы его не отменяли, свяжитесь с нами.',
};

export function statusChangedLetter(order: Checkout, from: CheckoutStatus, publicUrl: string): Letter {
  const lead = `Заказ № ${order.id} ${statusLeads[order.status]} (был: «${checkoutStatusLabels[from]}», теперь: «${checkoutStatusLabels[order.status]}»).`;
  const letter = body(order, lead, order.status === 'Canceled', publicUrl);
  return { ...letter, subject: `Заказ № ${order.id}: ${checkoutStatusLabels[order.status].toLowerCase()}` };
}

/**
 * Writes the letter into the outbox inside the order's own transaction, so a committed order or
 * status change always has its letter (and a rolled-back one never does). Without SMTP it stays
 * there (`kept`), as every letter does; with SMTP it is `pending` and due at once, and
 * `sendQueuedLetters` delivers it right after the commit (or the housekeeping a minute later,
 * whichever instance comes first). At most ORDER_LETTERS_PER_ADDRESS_PER_HOUR go to one address.
 */
export async function queueLetter(trx: Db, services: Pick<Context, 'mailer' | 'rateLimits'>, letter: Letter): Promise<void> {
  // A one-click guest gave no e-mail: no letter.
  if (!letter.to) return;
  // Past ORDER_LETTERS_PER_ADDRESS_PER_HOUR the order stands and its letter is not written.
  if (!(await services.rateLimits.consumeHourly('orderLetter', letter.to))) return;
  const smtp = services.mailer.transport === 'smtp';
  const row = await trx
    .insertInto('mailOutbox')
    .values({ recipient: letter.to, replyTo: null, subject: letter.subject, text: letter.text, html: letter.html, status: smtp ? 'pending' : 'kept', nextAttemptAt: smtp ? new Date(0) : null })
    .returning('id')
    .executeTakeFirstOrThrow();
  // Without SMTP the letter is logged like every other kept letter (development: in full).
  if (!smtp) services.mailer.logKept(row.id, letter);
}

/** After the commit: with SMTP, the letters just queued go out now (in the background). */
export function sendQueuedLetters(mailer: Mailer): void {
  if (mailer.transport !== 'smtp') return;
  mailer.sendInBackground(async () => {
    await mailer.deliverDue();
    return null;
  });
}
