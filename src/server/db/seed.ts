import { hashPassword } from '../services/passwords.js';
import type { Db } from './connection.js';

/** Russian demo data; idempotent (rows are keyed by url), so it may run on any database. */
export const demoTags = [
  { name: 'Новинка', url: 'novinka' },
  { name: 'Хит продаж', url: 'hit-prodazh' },
  { name: 'Скидка', url: 'skidka' },
  { name: 'Эко', url: 'eko' },
  { name: 'Подарок', url: 'podarok' },
  { name: 'Лимитированная серия', url: 'limitirovannaya-seriya' },
  { name: 'Для спорта', url: 'dlya-sporta' },
  { name: 'Осень-зима', url: 'osen-zima' },
];

export const demoSizes = [
  { name: 'XS', url: 'xs' },
  { name: 'S', url: 's' },
  { name: 'M', url: 'm' },
  { name: 'L', url: 'l' },
  { name: 'XL', url: 'xl' },
  { name: 'XXL', url: 'xxl' },
  { name: '38', url: '38' },
  { name: '39', url: '39' },
  { name: '40', url: '40' },
  { name: '41', url: '41' },
  { name: '42', url: '42' },
  { name: '43', url: '43' },
  { name: '44', url: '44' },
];

/** The demo Admin of a demo database; never created when NODE_ENV=production. */
export const demoAdmin = { email: 'admin@shop.local', password: 'admin-demo-2026' };

export async function seedDemoData(db: Db, options: { production: boolean }): Promise<void> {
  const demoAdminHash = options.production ? undefined : await hashPassword(demoAdmin.password);
  await db.transaction().execute(async (trx) => {
    if (demoAdminHash) {
      await trx
        .insertInto('users')
        .values({ email: demoAdmin.email, firstName: 'Демо', lastName: 'Администратор', role: 'Admin', isVerified: true, passwordHash: demoAdminHash })
        .onConflict((oc) => oc.column('email').doNothing())
        .execute();
    }
    await trx.insertInto('tags').values(demoTags).onConflict((oc) => oc.column('url').doNothing()).execute();
    await trx.insertInto('sizes').values(demoSizes).onConflict((oc) => oc.column('url').doNothing()).execute();
  });
}
