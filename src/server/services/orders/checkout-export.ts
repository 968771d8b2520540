import { TRPCError } from '@trpc/server';
import { stringify } from 'csv-stringify/sync';
import { sql } from 'kysely';
import type { z } from 'zod';
import { checkoutStatusLabels } from '../../../shared/schemas/orders.js';
import type { checkoutExportQuerySchema } from '../../../shared/schemas/orders-staff.js';
import { paymentMethodLabels, paymentStatusLabels } from '../../../shared/schemas/payments.js';
import type { Db } from '../../db/connection.js';
import { paymentMethodOf, paymentStatusOf } from '../payments/names.js';

type ExportQuery = z.output<typeof checkoutExportQuerySchema>;

/** More orders than this in one file are refused (400): the admin narrows the dates. */
export const exportRowLimit = 20_000;

export const exportColumns = [
  'Номер',
  'Дата (МСК)',
  'Статус',
  'Оплата',
  'Статус оплаты',
  'Имя',
  'Фамилия',
  'Телефон',
  'E-mail',
  'Страна',
  'Город',
  'Индекс',
  'Адрес',
  'Доставка',
  'Пункт выдачи',
  'Товаров, шт.',
  'Товары, ₽',
  'Доставка, ₽',
  'Итого, ₽',
  'Состав',
  'Комментарий',
] as const;

const moscow = new Intl.DateTimeFormat('ru-RU', { timeZone: 'Europe/Moscow', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });

/** Kopecks as Russian Excel reads a number: «4999,90». */
const money = (kopecks: number) => (kopecks / 100).toFixed(2).replace('.', ',');

/** +79001234567 → «8 (900) 123-45-67»: a cell starting with «+» would be a formula to Excel. */
function phoneCell(phone: string): string {
  const match = /^\+7(\d{3})(\d{3})(\d{2})(\d{2})$/.exec(phone);
  return match ? `8 (${match[1]}) ${match[2]}-${match[3]}-${match[4]}` : phone;
}

/** Text someone typed never starts a formula (OWASP CSV injection): a leading = + - @ gets a «'». */
const textCell = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/**
 * GET /api/checkouts/export (Admin): the orders created in the range (and of the status), oldest
 * first, as CSV for Russian Excel — UTF-8 with a BOM, «;» between cells, CRLF, decimal commas,
 * Moscow time (docs/orders-staff.md).
 */
export async function exportCheckoutsCsv(db: Db, query: ExportQuery): Promise<string> {
  let q = db
    .selectFrom('checkouts as o')
    .select((eb) => [
      'o.id',
      'o.createdAt',
      'o.status',
      'o.paymentMethod',
      'o.paymentStatus',
      'o.firstName',
      'o.lastName',
      'o.phone',
      'o.email',
      'o.country',
      'o.city',
      'o.zipCode',
      'o.address',
      'o.deliveryName',
      'o.pickupPointName',
      'o.totalQuantity',
      sql<number>`coalesce(o.items_amount, o.total_amount - o.delivery_cost)`.as('itemsAmount'),
      'o.deliveryCost',
      'o.totalAmount',
      'o.comment',
      eb
        .selectFrom('checkoutLines as l')
        .select(sql<string>`string_agg(l.article || ' × ' || l.quantity, ', ' order by l.position)`.as('lines'))
        .whereRef('l.checkoutId', '=', 'o.id')
        .as('lines'),
    ])
    .orderBy('o.id')
    .limit(exportRowLimit + 1);
  if (query.createdFrom) q = q.where('o.createdAt', '>=', query.createdFrom);
  if (query.createdTo) q = q.where('o.createdAt', '<=', query.createdTo);
  if (query.status) q = q.where('o.status', '=', query.status);
  const rows = await q.execute();
  if (rows.length > exportRowLimit) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: `Больше ${exportRowLimit.toLocaleString('ru-RU')} заказов в одной выгрузке: выберите период короче.` });
  }
  const records = rows.map((row) => [
    String(row.id),
    moscow.format(row.createdAt).replace(',', ''),
    checkoutStatusLabels[row.status],
    paymentMethodLabels[paymentMethodOf(row.paymentMethod)],
    paymentStatusLabels[paymentStatusOf(row.paymentStatus)],
    textCell(row.firstName),
    textCell(row.lastName),
    phoneCell(row.phone),
    textCell(row.email),
    textCell(row.country),
    textCell(row.city),
    textCell(row.zipCode),
    textCell(row.address),
    row.deliveryName ?? '',
    row.pickupPointName ?? '',
    String(row.totalQuantity),
    money(Number(row.itemsAmount)),
    money(Number(row.deliveryCost)),
    money(Number(row.totalAmount)),
    textCell(row.lines ?? ''),
    textCell(row.comment),
  ]);
  return stringify([[...exportColumns], ...records], { delimiter: ';', bom: true, record_delimiter: 'windows' });
}

/** «orders-2026-11-01_2026-11-30.csv» */
export function exportFileName(query: ExportQuery): string {
  const day = (date: Date | undefined) => (date ? date.toISOString().slice(0, 10) : 'all');
  return `orders-${day(query.createdFrom)}_${day(query.createdTo)}.csv`;
}
