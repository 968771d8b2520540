import type { Transaction } from 'kysely';
import type { Database } from '../schema.js';

/**
 * Demo delivery (docs/delivery.md): a courier in two zones, pickup from three of the shop's points
 * and Почта России. Free delivery from 5 000 ₽ (the courier in the two capitals, the post), as the
 * home page promises. Kopecks. Idempotent: written only while the shop has no method.
 */
const rub = (rubles: number) => rubles * 100;

export const demoDeliveryMethods = [
  {
    kind: 'courier' as const,
    name: 'Курьер',
    description: 'Доставка курьером до двери в удобный интервал; перед приездом курьер позвонит.',
    price: rub(300),
    freeFrom: rub(5_000),
    minDays: 1,
    maxDays: 4,
    position: 0,
    zones: [
      { name: 'Москва и Санкт-Петербург', cities: ['Москва', 'Санкт-Петербург'], price: rub(300), freeFrom: rub(5_000), minDays: 1, maxDays: 2 },
      {
        name: 'Московская и Ленинградская области',
        cities: ['Химки', 'Мытищи', 'Королёв', 'Балашиха', 'Подольск', 'Красногорск', 'Одинцово', 'Люберцы', 'Гатчина', 'Всеволожск', 'Выборг', 'Колпино', 'Пушкин'],
        price: rub(500),
        freeFrom: rub(7_000),
        minDays: 2,
        maxDays: 4,
      },
    ],
  },
  { kind: 'pickup' as const, name: 'Самовывоз', description: 'Из пунктов выдачи магазина: заказ хранится 7 дней.', price: 0, freeFrom: null, minDays: 1, maxDays: 2, position: 1, zones: [] },
  { kind: 'post' as const, name: 'Почта России', description: 'В любой город России, до отделения по индексу.', price: rub(350), freeFrom: rub(5_000), minDays: 5, maxDays: 10, position: 2, zones: [] },
];

export const demoPickupPoints = [
  { name: 'Магазин на Тверской', city: 'Москва', address: 'ул. Тверская, д. 12, стр. 1', hours: 'Пн–Пт 10:00–21:00, Сб–Вс 11:00–20:00', latitude: 55.7641, longitude: 37.6056, position: 0 },
  { name: 'Пункт выдачи на Новом Арбате', city: 'Москва', address: 'ул. Новый Арбат, д. 15', hours: 'Ежедневно 10:00–22:00', latitude: 55.7526, longitude: 37.5872, position: 1 },
  { name: 'Магазин на Невском', city: 'Санкт-Петербург', address: 'Невский проспект, д. 28', hours: 'Пн–Сб 10:00–21:00, Вс 11:00–19:00', latitude: 59.9357, longitude: 30.3259, position: 2 },
];

export async function seedDelivery(trx: Transaction<Database>): Promise<void> {
  const existing = await trx.selectFrom('deliveryMethods').select('id').limit(1).executeTakeFirst();
  if (existing) return;
  for (const { zones, ...method } of demoDeliveryMethods) {
    const { id } = await trx.insertInto('deliveryMethods').values(method).returning('id').executeTakeFirstOrThrow();
    if (zones.length) await trx.insertInto('deliveryZones').values(zones.map((zone, position) => ({ ...zone, methodId: id, position }))).execute();
  }
  const points = await trx.selectFrom('pickupPoints').select('id').limit(1).executeTakeFirst();
  if (!points) await trx.insertInto('pickupPoints').values(demoPickupPoints).execute();
}
