import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainMessages, statusMessages, codeForStatus } from '../src/shared/errors.js';
import type { AuthResponse } from '../src/shared/schemas/accounts.js';
import { startTestApp, type TestApp } from './support/harness.js';
import { lastLetter, letterWithLink, linkToken, newShopper, signUpShopper, waitForLetters } from './support/accounts-support.js';

/** The life of an account: sign-up, confirmation, sign-in, refresh, reset and sign-out, over REST and tRPC, without telling whether an e-mail is registered. */
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ PUBLIC_URL: 'https://shop.example', SHOP_EMAIL: 'help@shop.example' });
});

afterAll(() => t?.close());

const signUp = (shopper = newShopper()) => signUpShopper(t, shopper);

/** No JWT_SECRET in tests: the key the shop generated and keeps in the database. */
async function storedJwtSecret(): Promise<string> {
  const row = await t.db.selectFrom('appState').select('value').where('name', '=', 'jwt-secret').executeTakeFirstOrThrow();
  return row.value;
}

const refused = (status: number, message = statusMessages[status]) => ({ status, body: { statusCode: status, code: codeForStatus(status), message } });

describe('sign-up → confirm → sign-in → refresh → reset → sign-in with the new password (REST)', () => {
  it('goes through the whole life of an account, following the links from the outbox', async () => {
    const shopper = newShopper({ email: 'Olga.Petrova@Shop.Test' });
    const signup = await t.rest<AuthResponse>('POST', '/auth/signup', { body: shopper });
    expect(signup.status).toBe(200);
    expect(signup.body.user).toMatchObject({ firstName: 'Анна', email: 'olga.petrova@shop.test', isVerified: false, role: 'User' });
    expect(signup.body.accessToken).toEqual(expect.any(String));
    expect(signup.body.refreshToken).toEqual(expect.any(String));

    // The confirmation letter: Russian, with a working link to the storefront's /confirm/{token}.
    const confirmation = await lastLetter(t.db, 'olga.petrova@shop.test');
    expect(confirmation.subject).toBe('Подтвердите адрес электронной почты');
    expect(confirmation.text).toContain('Здравствуйте, Анна!');
    expect(confirmation.text).toMatch(/https:\/\/shop\.example\/confirm\/[A-Za-z0-9_-]{40,}/);
    const confirmToken = linkToken(confirmation.text, 'confirm');
    expect(confirmation.html).toContain(`href="https://shop.example/confirm/${confirmToken}"`);

    const confirmed = await t.rest<AuthResponse>('GET', `/auth/authorize/${confirmToken}`);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.user).toMatchObject({ email: 'olga.petrova@shop.test', isVerified: true });
    expect((await t.rest('POST', '/auth/session', { body: { token: confirmed.body.accessToken } })).body).toEqual(confirmed.body.user);
    // Single use.
    expect(await t.rest('GET', `/auth/authorize/${confirmToken}`)).toEqual(refused(400, domainMessages.invalidLink));

    const signin = await t.rest<AuthResponse>('POST', '/auth/signin', { body: { email: 'OLGA.PETROVA@shop.test', password: shopper.password } });
    expect(signin.status).toBe(200);
    expect(signin.body.user.isVerified).toBe(true);

    const refreshed = await t.rest<{ accessToken: string; refreshToken: string }>('POST', '/auth/token', { body: { token: signin.body.refreshToken } });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.refreshToken).not.toBe(signin.body.refreshToken);
    expect((await t.rest('POST', '/auth/session', { body: { token: refreshed.body.accessToken } })).status).toBe(200);
    // Our client moves on to the new refresh token; the old one is then stale, and presenting it
    // again counts as theft: refused, with its whole family.
    const rotated = await t.rest<{ refreshToken: string }>('POST', '/auth/token', { body: { token: refreshed.body.refreshToken } });
    expect(rotated.status).toBe(200);
    expect(await t.rest('POST', '/auth/token', { body: { token: signin.body.refreshToken } })).toEqual(refused(403, domainMessages.sessionExpired));
    expect((await t.rest('POST', '/auth/token', { body: { token: rotated.body.refreshToken } })).status).toBe(403);

    const resetRequest = await t.rest('POST', '/auth/reset', { body: { email: 'olga.petrova@shop.test' } });
    expect(resetRequest).toEqual({ status: 200, body: { ok: true } });
    const resetLetter = (await letterWithLink(t.db, 'olga.petrova@shop.test', 'reset', 2)).letter;
    expect(resetLetter.subject).toBe('Восстановление пароля');
    expect(resetLetter.text).toMatch(/https:\/\/shop\.example\/reset\/[A-Za-z0-9_-]{40,}/);
    const resetToken = linkToken(resetLetter.text, 'reset');

    const updated = await t.rest<AuthResponse>('PUT', '/auth/update-password', { body: { token: resetToken, password: 'new-password-2' } });
    expect(updated.status).toBe(200);
    expect(updated.body.user.email).toBe('olga.petrova@shop.test');
    expect((await t.rest('POST', '/auth/session', { body: { token: updated.body.accessToken } })).status).toBe(200);
    expect(await t.rest('PUT', '/auth/update-password', { body: { token: resetToken, password: 'third-password-3' } })).toEqual(
      refused(400, domainMessages.invalidLink),
    );
    // Every earlier session is revoked: the refresh token of the confirmation's sign-in no longer works.
    expect((await t.rest('POST', '/auth/token', { body: { token: confirmed.body.refreshToken } })).status).toBe(403);
    // …but the session the reset started does.
    expect((await t.rest('POST', '/auth/token', { body: { token: updated.body.refreshToken } })).status).toBe(200);

    expect(await t.rest('POST', '/auth/signin', { body: { email: 'olga.petrova@shop.test', password: shopper.password } })).toEqual(
      refused(401, domainMessages.wrongCredentials),
    );
    expect((await t.rest('POST', '/auth/signin', { body: { email: 'olga.petrova@shop.test', password: 'new-password-2' } })).status).toBe(200);
  });
});

describe('the same flows over tRPC', () => {
  it('signs up, confirms, resets the password and signs in', async () => {
    const api = t.trpc();
    const shopper = newShopper();
    const signup = await api.accounts.auth.signup.mutate(shopper);
    expect(signup.user).toMatchObject({ email: shopper.email, isVerified: false, role: 'User' });
    const confirmed = await api.accounts.auth.authorize.mutate({ token: linkToken((await lastLetter(t.db, shopper.email)).text, 'confirm') });
    expect(confirmed.user.isVerified).toBe(true);

    await api.accounts.auth.reset.mutate({ email: shopper.email });
    const resetToken = (await letterWithLink(t.db, shopper.email, 'reset', 2)).token;
    const reset = await api.accounts.auth.updatePassword.mutate({ token: resetToken, password: 'trpc-new-password' });
    expect(reset.user.id).toBe(signup.user.id);
    const signin = await api.accounts.auth.signin.mutate({ email: shopper.email, password: 'trpc-new-password' });
    expect(await api.accounts.auth.session.mutate({ token: signin.accessToken })).toEqual(signin.user);
    const rotated = await api.accounts.auth.token.mutate({ token: signin.refreshToken });
    expect(rotated.accessToken).toEqual(expect.any(String));
  });

  it('signs out: the refresh token of that sign-in stops working', async () => {
    const { user, password } = await signUp();
    const signin = await t.trpc().accounts.auth.signin.mutate({ email: user.email, password });
    await t.trpc().accounts.auth.signout.mutate({ token: signin.refreshToken });
    await expect(t.trpc().accounts.auth.token.mutate({ token: signin.refreshToken })).rejects.toMatchObject({ data: { httpStatus: 403 } });
  });
});

describe('sign-up', () => {
  it('refuses a registered e-mail with 409, whatever its letter case', async () => {
    const { user } = await signUp();
    expect(await t.rest('POST', '/auth/signup', { body: newShopper({ email: user.email.toUpperCase() }) })).toEqual(refused(409, domainMessages.emailTaken));
  });

  it('validates the fields in Russian and never makes anyone but a User', async () => {
    const bad = await t.rest<{ message: string }>('POST', '/auth/signup', { body: { firstName: '', email: 'not-an-email', password: 'short' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/Отправлены неверные данные\./);
    expect(bad.body.message).toContain('Укажите имя');
    // A role or a verified mark in the body is refused, naming the fields: nobody signs up as anything but a User.
    const shopper = newShopper();
    const sneaky = await t.rest<{ message: string }>('POST', '/auth/signup', { body: { ...shopper, role: 'Admin', isVerified: true } });
    expect(sneaky.status).toBe(400);
    expect(sneaky.body.message).toContain('Неизвестный параметр: role, isVerified');
    expect(await t.db.selectFrom('users').select('id').where('email', '=', shopper.email).execute()).toEqual([]);
    const honest = await t.rest<AuthResponse>('POST', '/auth/signup', { body: shopper });
    expect(honest.body.user).toMatchObject({ role: 'User', isVerified: false });
  });
});

describe('nothing tells whether an e-mail is registered', () => {
  it('answers a reset request for an unknown e-mail exactly as for a known one, and sends nothing', async () => {
    const { user } = await signUp();
    const known = await t.rest('POST', '/auth/reset', { body: { email: user.email } });
    const unknown = await t.rest('POST', '/auth/reset', { body: { email: 'nobody@shop.test' } });
    expect(unknown).toEqual(known);
    await waitForLetters(t.db, user.email, 2);
    const toNobody = await t.db.selectFrom('mailOutbox').select('id').where('recipient', '=', 'nobody@shop.test').execute();
    expect(toNobody).toEqual([]);
  });

  it('answers a wrong password and an unknown e-mail with the same 401', async () => {
    const { user } = await signUp();
    const wrongPassword = await t.rest('POST', '/auth/signin', { body: { email: user.email, password: 'wrong-password' } });
    const unknownEmail = await t.rest('POST', '/auth/signin', { body: { email: 'nobody@shop.test', password: 'wrong-password' } });
    expect(wrongPassword).toEqual(refused(401, domainMessages.wrongCredentials));
    expect(unknownEmail).toEqual(wrongPassword);
  });
});

describe('links', () => {
  it('refuses an expired confirmation link, and only the newest link works after a resend', async () => {
    const { user, accessToken } = await signUp();
    const first = linkToken((await lastLetter(t.db, user.email)).text, 'confirm');
    expect(await t.rest('POST', '/users/email-confirmation', { token: accessToken })).toEqual({ status: 200, body: { ok: true } });
    const second = linkToken((await lastLetter(t.db, user.email, 2)).text, 'confirm');
    expect(second).not.toBe(first);
    expect((await t.rest('GET', `/auth/authorize/${first}`)).status).toBe(400);

    await t.db.updateTable('accountTokens').set({ expiresAt: new Date(Date.now() - 1000) }).where('userId', '=', user.id).execute();
    expect(await t.rest('GET', `/auth/authorize/${second}`)).toEqual(refused(400, domainMessages.invalidLink));
  });

  it('does not accept a confirmation link as a reset link', async () => {
    const { user } = await signUp();
    const confirmToken = linkToken((await lastLetter(t.db, user.email)).text, 'confirm');
    expect((await t.rest('PUT', '/auth/update-password', { body: { token: confirmToken, password: 'another-password' } })).status).toBe(400);
  });
});

describe('the session call', () => {
  it('answers an expired access token with 403 and a forged one with 401', async () => {
    const { user } = await signUp();
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ role: 'User' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.id))
      .setIssuedAt(now - 3600)
      .setExpirationTime(now - 60)
      .sign(new TextEncoder().encode(await storedJwtSecret()));
    expect(await t.rest('POST', '/auth/session', { body: { token: expired } })).toEqual(refused(403, domainMessages.sessionExpired));
    expect((await t.rest('POST', '/auth/session', { body: { token: 'not-a-jwt' } })).status).toBe(401);
  });
});

describe('e-mail confirmation again (POST /users/email-confirmation)', () => {
  it('sends a new link to an unconfirmed user, refuses a confirmed one with 409 and a signed-out caller with 401', async () => {
    const { user, accessToken } = await signUp();
    expect((await t.rest('POST', '/users/email-confirmation', { token: accessToken })).status).toBe(200);
    const link = linkToken((await lastLetter(t.db, user.email, 2)).text, 'confirm');
    const confirmed = await t.rest<AuthResponse>('GET', `/auth/authorize/${link}`);
    expect(await t.rest('POST', '/users/email-confirmation', { token: confirmed.body.accessToken })).toEqual(refused(409, domainMessages.alreadyVerified));
    expect(await t.rest('POST', '/users/email-confirmation')).toEqual(refused(401));
  });
});
