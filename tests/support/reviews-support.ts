import type { Role } from '../../src/server/db/tables/accounts.js';
import { hashPassword } from '../../src/server/services/accounts/passwords.js';
import type { TestApp } from './harness.js';
import { withoutRequestId } from './rest.js';

/** A signed-in test user: id, token and the public name lists show. */
export interface Shopper {
  id: number;
  token: string;
  name: string;
}

let passwordHash: Promise<string> | undefined;

/** Creates a user of the role and signs them in (one argon2 hash shared by every test user). */
export async function shopper(t: TestApp, email: string, firstName: string, lastName: string, role: Role = 'User'): Promise<Shopper> {
  passwordHash ??= hashPassword('shopper-password-1');
  const user = await t.db
    .insertInto('users')
    .values({ email, firstName, lastName, role, isVerified: true, passwordHash: await passwordHash })
    .returning('id')
    .executeTakeFirstOrThrow();
  const signed = await t.trpc().accounts.auth.signin.mutate({ email, password: 'shopper-password-1' });
  return { id: user.id, token: signed.accessToken, name: `${firstName} ${lastName[0]}.` };
}

export async function product(t: TestApp, url: string): Promise<number> {
  const row = await t.db.insertInto('products').values({ name: `Товар ${url}`, url, parameters: '{}', extra: '{}' }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function productRating(t: TestApp, productId: number): Promise<{ rating: number | null; reviewCount: number }> {
  return t.db.selectFrom('products').select(['rating', 'reviewCount']).where('id', '=', productId).executeTakeFirstOrThrow();
}

export async function upload(t: TestApp, token: string, count = 1): Promise<{ status: number; body: unknown }> {
  const { png } = await import('./media-files.js');
  const form = new FormData();
  for (let index = 0; index < count; index += 1) {
    form.append('files', new Blob([new Uint8Array(await png(20 + index, 20))], { type: 'image/png' }), `photo-${index}.png`);
  }
  const response = await fetch(`${t.baseUrl}/api/images`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
  return { status: response.status, body: withoutRequestId(await response.json(), response.headers) };
}

export interface ReviewBody {
  id: number;
  rating: number;
  text: string;
  images: string[];
  author: { id: number; name: string };
  likes: number;
  dislikes: number;
  myReaction: { id: number; reaction: string } | null;
  comments: Array<{ id: number; text: string; isShop: boolean; author: { name: string } }>;
  product: { id: number; url: string } | null;
  showOnMain: boolean;
}

export interface ListBody<T> {
  rows: T[];
  length: number;
}
