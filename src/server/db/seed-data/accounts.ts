import type { Transaction } from 'kysely';
import { hashPassword } from '../../services/passwords.js';
import type { Database } from '../schema.js';

/** The demo Admin of a demo database; never created when NODE_ENV=production. */
export const demoAdmin = { email: 'admin@shop.local', password: 'admin-demo-2026' };

export async function seedAccounts(trx: Transaction<Database>, options: { production: boolean }): Promise<void> {
  if (options.production) return;
  await trx
    .insertInto('users')
    .values({
      email: demoAdmin.email,
      firstName: 'Демо',
      lastName: 'Администратор',
      role: 'Admin',
      isVerified: true,
      passwordHash: await hashPassword(demoAdmin.password),
    })
    .onConflict((oc) => oc.column('email').doNothing())
    .execute();
}
