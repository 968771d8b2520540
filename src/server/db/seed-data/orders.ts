import { sql, type Transaction } from 'kysely';
import { variantsWithProducts } from '../../services/orders/items.js';
import type { CheckoutStatus } from '../tables/orders.js';
import type { Database } from '../schema.js';
import { demoShoppers } from './accounts.js';

/** A small deterministic generator: the same demo orders on every machine. */
function generator(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const guests = [
  { firstName: 'Ольга', lastName: 'Соколова', email: 'olga.sokolova@example.ru', phone: '+79161234567', city: 'Москва', address: 'ул. Тверская, д. 12, кв. 45', zipCode: '125009' },
  { firstName: 'Дмитрий', lastName: 'Кузнецов', email: 'd.kuznetsov@example.ru', phone: '+79215551234', city: 'Санкт-Петербург', address: 'Невский пр., д. 88, кв. 3', zipCode: '191025' },
  { firstName: 'Елена', lastName: 'Попова', email: 'popova.e@example.ru', phone: '+79137778899', city: 'Новосибирск', address: 'Красный пр., д. 25, кв. 17', zipCode: '630099' },
  { firstName: 'Сергей', lastName: 'Волков', email: 'volkov.sergey@example.ru', phone: '+79872223344', city: 'Казань', address: 'ул. Баумана, д. 7, кв. 9', zipCode: '420111' },
  { firstName: 'Мария', lastName: 'Лебедева', email: 'm.lebedeva@example.ru', phone: '+79124445566', city: 'Екатеринбург', address: 'ул. Малышева, д. 51, кв. 120', zipCode: '620014' },
];

/** Older orders are mostly done; the last few days' still open. */
function statusFor(daysAgo: number, roll: number): CheckoutStatus {
  if (roll < 0.1) return 'Canceled';
  if (daysAgo <= 2) return roll < 0.7 ? 'New' : 'InDelivery';
  if (daysAgo <= 6) return roll < 0.3 ? 'New' : roll < 0.75 ? 'InDelivery' : 'Completed';
  return 'Completed';
}

const path: Record<CheckoutStatus, CheckoutStatus[]> = {
  AwaitingPayment: ['AwaitingPayment'],
  New: ['New'],
  InDelivery: ['New', 'InDelivery'],
  Completed: ['New', 'InDelivery', 'Completed'],
  Canceled: ['New', 'Canceled'],
};

/**
 * About forty demo orders over the last 30 days in every status, for the admin dashboard and the
 * orders list: some by the demo shopper Анна (with her address), most by shoppers without an
 * account. They are history: the demo stock is left as the catalogue seed set it. Only on a
 * database without orders, and never in production.
 */
export async function seedOrders(trx: Transaction<Database>, options: { production: boolean }): Promise<void> {
  if (options.production) return;
  if (await trx.selectFrom('checkouts').select('id').limit(1).executeTakeFirst()) return;
  const variants = await variantsWithProducts(trx)
    .select([
      'v.id',
      'v.productId',
      'v.article',
      'v.price',
      'p.name',
      'p.url',
      'c.name as colorName',
      sql<string | null>`coalesce(v.images[1], p.image)`.as('image'),
      sql<number | null>`(select ps.size_id from product_sizes ps where ps.product_id = p.id order by ps.size_id limit 1)`.as('sizeId'),
      sql<string | null>`(select s.name from product_sizes ps join sizes s on s.id = ps.size_id where ps.product_id = p.id order by ps.size_id limit 1)`.as('sizeName'),
    ])
    .where('p.availability', '=', true)
    .where('v.stock', '>', 0)
    .orderBy('v.id')
    .execute();
  if (!variants.length) return;
  const anna = await trx.selectFrom('users').select(['id', 'firstName', 'lastName', 'email']).where('email', '=', demoShoppers[0].email).executeTakeFirst();
  const annaAddress = anna
    ? await trx
        .insertInto('addresses')
        .values({ userId: anna.id, firstName: anna.firstName, lastName: anna.lastName, address: 'ул. Пушкина, д. 10, кв. 5', city: 'Москва', country: 'Россия', zipCode: '101000', phone: '+79001002030' })
        .returning(['id', 'address', 'city', 'country', 'zipCode', 'phone'])
        .executeTakeFirstOrThrow()
    : undefined;
  const admin = await trx.selectFrom('users').select('id').where('role', '=', 'Admin').orderBy('id').limit(1).executeTakeFirst();

  const random = generator(20_261_123);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const now = Date.now();
  for (let n = 0; n < 42; n += 1) {
    const daysAgo = Math.floor(random() * random() * 30);
    const createdAt = new Date(now - daysAgo * 86_400_000 - Math.floor(random() * 10 * 3_600_000));
    const status = statusFor(daysAgo, random());
    const lines = [...new Map(Array.from({ length: 1 + Math.floor(random() * 3) }, () => pick(variants)).map((v) => [v.id, v])).values()].map((variant, position) => ({
      position,
      productId: variant.productId,
      variantId: variant.id,
      sizeId: variant.sizeId,
      productName: variant.name,
      productUrl: variant.url,
      article: variant.article,
      colorName: variant.colorName,
      sizeName: variant.sizeName,
      image: variant.image,
      quantity: 1 + Math.floor(random() * random() * 3),
      unitPrice: variant.price,
    }));
    const byAnna = anna && annaAddress && n % 5 === 0;
    const person = byAnna
      ? { firstName: anna.firstName, lastName: anna.lastName, email: anna.email, phone: annaAddress.phone, address: annaAddress.address, city: annaAddress.city, zipCode: annaAddress.zipCode }
      : pick(guests);
    const order = await trx
      .insertInto('checkouts')
      .values({
        status,
        userId: byAnna ? anna.id : null,
        basketId: null,
        addressId: byAnna ? annaAddress.id : null,
        oneClick: lines.length === 1 && random() < 0.3,
        ...person,
        country: 'Россия',
        comment: random() < 0.2 ? 'Позвоните, пожалуйста, за час до доставки.' : '',
        totalAmount: lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0),
        totalQuantity: lines.reduce((sum, line) => sum + line.quantity, 0),
        idempotencyKey: null,
        createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.insertInto('checkoutLines').values(lines.map((line) => ({ ...line, checkoutId: order.id }))).execute();
    const steps = path[status];
    await trx
      .insertInto('checkoutStatusHistory')
      .values(
        steps.map((step, index) => ({
          checkoutId: order.id,
          fromStatus: index === 0 ? null : (steps[index - 1] ?? null),
          toStatus: step,
          changedBy: index === 0 ? (byAnna ? anna.id : null) : (admin?.id ?? null),
          createdAt: new Date(createdAt.getTime() + index * 20 * 3_600_000),
        })),
      )
      .execute();
    // The same steps in the order's general history (docs/orders-staff.md).
    await trx
      .insertInto('checkoutEvents')
      .values(
        steps.map((step, index) => ({
          checkoutId: order.id,
          kind: 'status' as const,
          before: index === 0 ? null : JSON.stringify({ status: steps[index - 1] }),
          after: JSON.stringify({ status: step }),
          changedBy: index === 0 ? (byAnna ? anna.id : null) : (admin?.id ?? null),
          createdAt: new Date(createdAt.getTime() + index * 20 * 3_600_000),
        })),
      )
      .execute();
    await trx.updateTable('checkouts').set({ updatedAt: new Date(createdAt.getTime() + (steps.length - 1) * 20 * 3_600_000) }).where('id', '=', order.id).execute();
  }
}
