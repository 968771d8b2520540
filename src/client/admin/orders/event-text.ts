import { formatRubles } from '../../../shared/money.js';
import { checkoutStatusLabels, checkoutStatuses, type CheckoutStatus } from '../../../shared/schemas/orders.js';
import type { CheckoutEvent } from '../../../shared/schemas/orders-staff.js';

type Side = Record<string, unknown> | null;

const fieldLabels: Record<string, string> = {
  firstName: 'Имя',
  lastName: 'Фамилия',
  email: 'E-mail',
  phone: 'Телефон',
  address: 'Адрес',
  city: 'Город',
  country: 'Страна',
  zipCode: 'Индекс',
  comment: 'Комментарий',
};

const paymentLabels: Record<string, string> = {
  none: 'при получении',
  pending: 'ожидает оплаты',
  paid: 'оплачен',
  refunded: 'возвращён',
  partially_refunded: 'частично возвращён',
  canceled: 'отменён',
};

const isStatus = (value: unknown): value is CheckoutStatus => checkoutStatuses.some((status) => status === value);
const statusText = (value: unknown) => (isStatus(value) ? checkoutStatusLabels[value] : '—');
const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : '—');
const rubles = (value: unknown) => (typeof value === 'number' ? formatRubles(value) : '—');

function linesText(side: Side): string {
  const lines = Array.isArray(side?.['lines']) ? (side['lines'] as Array<Record<string, unknown>>) : [];
  return lines.map((line) => `${text(line['article'])} × ${String(line['quantity'])}`).join(', ') || '—';
}

/** What changed, in one or two Russian lines, for the order's timeline. */
export function eventTitle(event: CheckoutEvent): string {
  const { before, after } = event;
  switch (event.kind) {
    case 'status':
      return before ? `Статус: ${statusText(before['status'])} → ${statusText(after?.['status'])}` : `Заказ оформлен: ${statusText(after?.['status'])}`;
    case 'lines':
      return 'Изменён состав заказа';
    case 'address':
      return 'Изменены адрес и контакты';
    case 'delivery':
      return 'Изменена доставка';
    case 'payment':
      return after?.['refund'] !== undefined ? `Возврат ${rubles(after['refund'])}` : `Оплата: ${paymentLabels[String(after?.['paymentStatus'])] ?? '—'}`;
    case 'note':
      return 'Заметка';
  }
}

export function eventDetails(event: CheckoutEvent): string[] {
  const { before, after } = event;
  switch (event.kind) {
    case 'lines':
      return [`Было: ${linesText(before)}; итого ${rubles(before?.['totalAmount'])}`, `Стало: ${linesText(after)}; итого ${rubles(after?.['totalAmount'])}`];
    case 'address':
      return Object.keys(after ?? {}).map((field) => `${fieldLabels[field] ?? field}: ${text(before?.[field])} → ${text(after?.[field])}`);
    case 'delivery':
      return [
        `Было: ${text(before?.['delivery'])}, ${rubles(before?.['cost'])}, ${text(before?.['city'])}`,
        `Стало: ${text(after?.['delivery'])}, ${rubles(after?.['cost'])}, ${text(after?.['city'])}; итого ${rubles(after?.['totalAmount'])}`,
      ];
    case 'payment':
      return before ? [`Статус оплаты: ${paymentLabels[String(before['paymentStatus'])] ?? '—'} → ${paymentLabels[String(after?.['paymentStatus'])] ?? '—'}`] : [];
    case 'note':
      return [text(after?.['text'])];
    case 'status':
      return [];
  }
}
