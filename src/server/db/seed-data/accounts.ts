import type { Transaction } from 'kysely';
import { hashPassword } from '../../services/accounts/passwords.js';
import type { Database } from '../schema.js';

/** The demo Admin of a demo database; never created when NODE_ENV=production. */
export const demoAdmin = { email: 'admin@shop.local', password: 'admin-demo-2026' };

/** Demo shoppers: one with a confirmed e-mail, one who has not confirmed yet. */
export const demoShoppers = [
  { email: 'anna@shop.local', password: 'shopper-demo-2026', firstName: 'Анна', lastName: 'Иванова', isVerified: true },
  { email: 'petr@shop.local', password: 'shopper-demo-2026', firstName: 'Пётр', lastName: 'Смирнов', isVerified: false },
] as const;

export async function seedAccounts(trx: Transaction<Database>, options: { production: boolean }): Promise<void> {
  if (options.production) return;
  const people = [
    { ...demoAdmin, firstName: 'Демо', lastName: 'Администратор', role: 'Admin' as const, isVerified: true },
    ...demoShoppers.map((shopper) => ({ ...shopper, role: 'User' as const })),
  ];
  for (const { password, ...person } of people) {
    await trx
      .insertInto('users')
      .values({ ...person, passwordHash: await hashPassword(password) })
      .onConflict((oc) => oc.column('email').doNothing())
      .execute();
  }
}
