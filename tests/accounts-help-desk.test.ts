import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/harness.js';
import { lastLetter, newShopper, signUpShopper } from './support/accounts-support.js';

/** The help desk: a message is stored and e-mailed to the shop with Reply-To the sender. */
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ PUBLIC_URL: 'https://shop.example', SHOP_EMAIL: 'help@shop.example' });
});

afterAll(() => t?.close());

const signUp = (shopper = newShopper()) => signUpShopper(t, shopper);

describe('help desk (POST /users/help)', () => {
  it('stores the message and e-mails it to the shop with Reply-To the sender', async () => {
    const sent = await t.rest('POST', '/users/help', { body: { name: 'Пётр', email: 'petr@shop.test', message: 'Где мой заказ <№ 15>?' } });
    expect(sent).toEqual({ status: 200, body: { ok: true } });
    const stored = await t.db.selectFrom('helpMessages').selectAll().where('email', '=', 'petr@shop.test').executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ name: 'Пётр', message: 'Где мой заказ <№ 15>?', userId: null });
    const letter = await lastLetter(t.db, 'help@shop.example');
    expect(letter.replyTo).toBe('petr@shop.test');
    expect(letter.subject).toBe('Обращение в поддержку: Пётр');
    expect(letter.text).toContain('Где мой заказ <№ 15>?');
    expect(letter.html).toContain('Где мой заказ &lt;№ 15&gt;?');
  });

  it('links the message to the signed-in user over tRPC, and refuses an empty one with 400', async () => {
    const { user, accessToken } = await signUp();
    await t.trpc(accessToken).accounts.users.help.mutate({ email: user.email, message: 'Хочу вернуть товар' });
    const stored = await t.db.selectFrom('helpMessages').select('userId').where('message', '=', 'Хочу вернуть товар').executeTakeFirstOrThrow();
    expect(stored.userId).toBe(user.id);
    expect((await t.rest('POST', '/users/help', { body: { email: 'petr@shop.test', message: '   ' } })).status).toBe(400);
  });
});
