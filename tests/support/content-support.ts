import { randomBytes } from 'node:crypto';
import type { Db } from '../../src/server/db/connection.js';
import { hashPassword } from '../../src/server/services/accounts/passwords.js';
import type { TestApp } from './harness.js';

/** An image row of the library (no bytes are needed to reference it by name). */
export async function libraryImage(db: Db): Promise<string> {
  const name = `${randomBytes(16).toString('hex')}.webp`;
  await db.insertInto('images').values({ name, originalName: 'banner.png', mimeType: 'image/png', size: 1000, width: 1600, height: 600 }).execute();
  return name;
}

/** A signed-in shopper (role User): staff calls must refuse them with 403. */
export async function shopperToken(t: TestApp, email = 'buyer@shop.test'): Promise<string> {
  await t.db
    .insertInto('users')
    .values({ email, firstName: 'Иван', lastName: 'Петров', passwordHash: await hashPassword('buyer-password') })
    .onConflict((oc) => oc.column('email').doNothing())
    .execute();
  return (await t.trpc().accounts.auth.signin.mutate({ email, password: 'buyer-password' })).accessToken;
}

export type Rows<T> = { rows: T[]; length: number };
