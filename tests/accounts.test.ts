import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainMessages, statusMessages } from '../src/shared/errors.js';
import type { AuthResponse, User } from '../src/shared/schemas/accounts.js';
import { startTestApp, type TestApp } from './harness.js';
import { lastLetter, linkToken, waitForLetters } from './accounts-support.js';

let t: TestApp;
let adminToken: string;

beforeAll(async () => {
  t = await startTestApp({ PUBLIC_URL: 'https://shop.example', SHOP_EMAIL: 'help@shop.example' });
  adminToken = await t.signInAdmin();
});
afterAll(() => t?.close());

let counter = 0;
function newShopper(overrides: Partial<{ firstName: string; lastName: string; email: string; password: string }> = {}) {
  counter += 1;
  return { firstName: 'Анна', lastName: 'Иванова', email: `anna${counter}@shop.test`, password: 'anna-password-1', ...overrides };
}

async function signUp(shopper = newShopper()): Promise<AuthResponse & { password: string }> {
  const response = await t.rest<AuthResponse>('POST', '/auth/signup', { body: shopper });
  expect(response.status).toBe(200);
  return { ...response.body, password: shopper.password };
}

/** No JWT_SECRET in tests: the key the shop generated and keeps in the database. */
async function storedJwtSecret(): Promise<string> {
  const row = await t.db.selectFrom('appState').select('value').where('name', '=', 'jwt-secret').executeTakeFirstOrThrow();
  return row.value;
}

const refused = (status: number, message = statusMessages[status]) => ({ status, body: { statusCode: status, message } });

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
    const resetLetter = await lastLetter(t.db, 'olga.petrova@shop.test', 2);
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
    const resetToken = linkToken((await lastLetter(t.db, shopper.email, 2)).text, 'reset');
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
    const sneaky = await t.rest<AuthResponse>('POST', '/auth/signup', { body: { ...newShopper(), role: 'Admin', isVerified: true } });
    expect(sneaky.body.user).toMatchObject({ role: 'User', isVerified: false });
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

describe('users administration', () => {
  it('creates, reads, finds by e-mail, updates and deletes a user (REST, Admin)', async () => {
    const created = await t.rest<User>('POST', '/users', {
      token: adminToken,
      body: { firstName: 'Мария', lastName: 'Кузнецова', email: 'Maria@Shop.test', password: 'maria-password', role: 'SuperUser' },
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ firstName: 'Мария', email: 'maria@shop.test', role: 'SuperUser', isVerified: false });
    expect((await t.rest('POST', '/auth/signin', { body: { email: 'maria@shop.test', password: 'maria-password' } })).status).toBe(200);
    expect(await t.rest('POST', '/users', { token: adminToken, body: { firstName: 'Мария', email: 'maria@shop.test', password: 'maria-password' } })).toEqual(
      refused(409, domainMessages.emailTaken),
    );

    const id = created.body.id;
    expect(await t.rest('GET', `/users/user/${id}`, { token: adminToken })).toEqual({ status: 200, body: created.body });
    expect(await t.rest('GET', `/users/get-by-email/${encodeURIComponent('MARIA@shop.test')}`, { token: adminToken })).toEqual({ status: 200, body: created.body });
    expect((await t.rest('GET', '/users/get-by-email/nobody%40shop.test', { token: adminToken })).status).toBe(404);

    const updated = await t.rest<User>('PUT', `/users/user/${id}`, {
      token: adminToken,
      body: { ...created.body, lastName: 'Смирнова', role: 'User', isVerified: true },
    });
    expect(updated).toEqual({ status: 200, body: { ...created.body, lastName: 'Смирнова', role: 'User', isVerified: true, version: created.body.version + 1 } });

    expect(await t.rest('DELETE', `/users/user/${id}`, { token: adminToken })).toEqual({ status: 200, body: { ok: true } });
    expect(await t.rest('GET', `/users/user/${id}`, { token: adminToken })).toEqual(refused(404));
    expect((await t.rest('DELETE', `/users/user/${id}`, { token: adminToken })).status).toBe(404);
  });

  it('lists with the filters of SPEC.md section 7: names, e-mail, verified, role, sort and paging', async () => {
    const admin = t.trpc(adminToken);
    for (const [firstName, lastName, email, role, isVerified] of [
      ['Зоя', 'Фильтрова', 'zoya@filter.test', 'User', true],
      ['Борис', 'Фильтров', 'boris@filter.test', 'User', false],
      ['Виктор', 'Фильтров', 'viktor@filter.test', 'SuperUser', true],
    ] as const) {
      await admin.accounts.users.create.mutate({ firstName, lastName, email, password: 'filter-password', role, isVerified });
    }
    type List = { rows: User[]; length: number };
    const byLastName = await t.rest<List>('GET', '/users?lastName=фильтров&sortBy=firstName&orderBy=ASC', { token: adminToken });
    expect(byLastName.status).toBe(200);
    expect(byLastName.body.length).toBe(3);
    expect(byLastName.body.rows.map((row) => row.firstName)).toEqual(['Борис', 'Виктор', 'Зоя']);

    const verifiedUsers = await t.rest<List>('GET', '/users?email=filter.test&isVerified=true&role=User', { token: adminToken });
    expect(verifiedUsers.body.rows.map((row) => row.firstName)).toEqual(['Зоя']);
    const unverified = await t.rest<List>('GET', '/users?email=filter.test&isVerified=false', { token: adminToken });
    expect(unverified.body.rows.map((row) => row.firstName)).toEqual(['Борис']);
    const moderators = await t.rest<List>('GET', '/users?role=SuperUser&firstName=викт', { token: adminToken });
    expect(moderators.body.rows.map((row) => row.lastName)).toEqual(['Фильтров']);

    const page = await t.rest<List>('GET', '/users?email=filter.test&sortBy=firstName&orderBy=desc&limit=1&offset=1', { token: adminToken });
    expect(page.body).toMatchObject({ length: 3, rows: [{ firstName: 'Виктор' }] });
    expect((await t.rest('GET', '/users?role=King', { token: adminToken })).status).toBe(400);

    const overTrpc = await admin.accounts.users.list.query({ email: 'filter.test', isVerified: true, sortBy: 'firstName', orderBy: 'desc' });
    expect(overTrpc.rows.map((row) => row.firstName)).toEqual(['Зоя', 'Виктор']);
  });

  it('keeps the last Admin: demoting or deleting them is refused with 409', async () => {
    const me = await t.trpc(adminToken).accounts.auth.session.mutate({ token: adminToken });
    expect(await t.rest('PUT', `/users/user/${me.id}`, { token: adminToken, body: { ...me, role: 'User' } })).toEqual(refused(409, domainMessages.lastAdmin));
    expect(await t.rest('DELETE', `/users/user/${me.id}`, { token: adminToken })).toEqual(refused(409, domainMessages.lastAdmin));
    expect(await t.db.selectFrom('users').select('role').where('id', '=', me.id).executeTakeFirstOrThrow()).toEqual({ role: 'Admin' });
  });
});

describe('a User reaches only their own record', () => {
  it('reads and updates their own record; another user, the list and admin calls answer 403', async () => {
    const own = await signUp();
    const other = await signUp();
    const token = own.accessToken;
    expect(await t.rest('GET', `/users/user/${own.user.id}`, { token })).toEqual({ status: 200, body: own.user });
    expect(await t.rest('GET', `/users/get-by-email/${encodeURIComponent(own.user.email)}`, { token })).toEqual({ status: 200, body: own.user });

    expect(await t.rest('GET', `/users/user/${other.user.id}`, { token })).toEqual(refused(403));
    expect(await t.rest('GET', '/users/user/999999', { token })).toEqual(refused(403));
    expect(await t.rest('GET', `/users/get-by-email/${encodeURIComponent(other.user.email)}`, { token })).toEqual(refused(403));
    expect(await t.rest('PUT', `/users/user/${other.user.id}`, { token, body: { ...other.user, firstName: 'Взлом' } })).toEqual(refused(403));
    expect(await t.rest('DELETE', `/users/user/${other.user.id}`, { token })).toEqual(refused(403));
    expect(await t.rest('DELETE', `/users/user/${own.user.id}`, { token })).toEqual(refused(403));
    expect(await t.rest('GET', '/users', { token })).toEqual(refused(403));
    expect(await t.rest('POST', '/users', { token, body: { firstName: 'Новый', email: 'new@shop.test', password: 'new-password' } })).toEqual(refused(403));
    await expect(t.trpc(token).accounts.users.list.query({})).rejects.toMatchObject({ data: { httpStatus: 403 } });

    // May not raise their own role, nor confirm their own e-mail by decree.
    expect(await t.rest('PUT', `/users/user/${own.user.id}`, { token, body: { ...own.user, role: 'Admin' } })).toEqual(refused(403));
    const renamed = await t.rest<User>('PUT', `/users/user/${own.user.id}`, { token, body: { ...own.user, firstName: 'Анечка', isVerified: true } });
    expect(renamed).toEqual({ status: 200, body: { ...own.user, firstName: 'Анечка', isVerified: false, version: own.user.version + 1 } });
    expect((await t.db.selectFrom('users').select('firstName').where('id', '=', other.user.id).executeTakeFirstOrThrow()).firstName).toBe('Анна');
  });

  it('a changed e-mail must be confirmed again: the flag drops and a link goes to the new address', async () => {
    const { user, accessToken } = await signUp();
    const confirmed = await t.rest<AuthResponse>('GET', `/auth/authorize/${linkToken((await lastLetter(t.db, user.email)).text, 'confirm')}`);
    expect(confirmed.body.user.isVerified).toBe(true);
    const moved = await t.trpc(accessToken).accounts.users.update.mutate({ userId: user.id, firstName: user.firstName, lastName: user.lastName, email: 'moved@shop.test' });
    expect(moved).toMatchObject({ email: 'moved@shop.test', isVerified: false });
    const link = linkToken((await lastLetter(t.db, 'moved@shop.test')).text, 'confirm');
    expect((await t.rest<AuthResponse>('GET', `/auth/authorize/${link}`)).body.user).toMatchObject({ email: 'moved@shop.test', isVerified: true });
    const taken = await signUp();
    expect(await t.rest('PUT', `/users/user/${user.id}`, { token: accessToken, body: { ...moved, email: taken.user.email } })).toEqual(
      refused(409, domainMessages.emailTaken),
    );
  });

  it('changes the password knowing the current one; other sessions end', async () => {
    const { user, password, refreshToken, accessToken } = await signUp();
    const api = t.trpc(accessToken);
    await expect(api.accounts.users.changePassword.mutate({ currentPassword: 'wrong-one', password: 'changed-password' })).rejects.toMatchObject({
      message: domainMessages.wrongCurrentPassword,
      data: { httpStatus: 400 },
    });
    const changed = await api.accounts.users.changePassword.mutate({ currentPassword: password, password: 'changed-password' });
    expect(changed.user.id).toBe(user.id);
    expect((await t.rest('POST', '/auth/token', { body: { token: refreshToken } })).status).toBe(403);
    expect((await t.rest('POST', '/auth/token', { body: { token: changed.refreshToken } })).status).toBe(200);
    expect((await t.rest('POST', '/auth/signin', { body: { email: user.email, password: 'changed-password' } })).status).toBe(200);
  });

  it('a signed-out caller gets 401 from every users call but the help desk', async () => {
    for (const [method, path] of [
      ['GET', '/users'],
      ['POST', '/users'],
      ['GET', '/users/user/1'],
      ['PUT', '/users/user/1'],
      ['DELETE', '/users/user/1'],
      ['GET', '/users/get-by-email/admin%40shop.test'],
      ['POST', '/users/email-confirmation'],
    ] as const) {
      const body = method === 'POST' || method === 'PUT' ? { firstName: 'Икс', email: 'x@shop.test', password: 'x-password' } : undefined;
      expect(await t.rest(method, path, body ? { body } : {}), `${method} ${path}`).toEqual(refused(401));
    }
    await expect(t.trpc().accounts.users.get.query({ userId: 1 })).rejects.toMatchObject({ data: { httpStatus: 401 } });
  });

  it('a demoted Admin loses the admin calls at once, before their token expires', async () => {
    const admin = t.trpc(adminToken);
    const deputy = await admin.accounts.users.create.mutate({ firstName: 'Зам', email: 'deputy@shop.test', password: 'deputy-password', role: 'Admin', isVerified: true });
    const deputyToken = (await t.trpc().accounts.auth.signin.mutate({ email: 'deputy@shop.test', password: 'deputy-password' })).accessToken;
    const shopper = await signUp();
    expect((await t.rest('GET', `/users/user/${shopper.user.id}`, { token: deputyToken })).status).toBe(200);
    await admin.accounts.users.update.mutate({ userId: deputy.id, firstName: 'Зам', lastName: '', email: 'deputy@shop.test', role: 'User' });
    // The token issued before the demotion is cut off altogether; a new one carries the new role.
    expect((await t.rest('GET', '/users', { token: deputyToken })).status).toBe(401);
    expect((await t.rest('GET', `/users/user/${shopper.user.id}`, { token: deputyToken })).status).toBe(401);
    const userToken = (await t.trpc().accounts.auth.signin.mutate({ email: 'deputy@shop.test', password: 'deputy-password' })).accessToken;
    expect((await t.rest('GET', '/users', { token: userToken })).status).toBe(403);
    expect((await t.rest('GET', `/users/user/${shopper.user.id}`, { token: userToken })).status).toBe(403);
  });
});

describe('the REST surface', () => {
  it('answers and documents every /auth and /users call of api-surface.txt', async () => {
    const surface = [
      'POST /auth/signup',
      'POST /auth/signin',
      'POST /auth/session',
      'POST /auth/token',
      'POST /auth/reset',
      'PUT /auth/update-password',
      'GET /auth/authorize/{token}',
      'GET /users',
      'POST /users',
      'GET /users/get-by-email/{email}',
      'GET /users/user/{userId}',
      'PUT /users/user/{userId}',
      'DELETE /users/user/{userId}',
      'POST /users/help',
      'POST /users/email-confirmation',
    ];
    const document = await t.rest<{ paths: Record<string, Record<string, unknown>> }>('GET', '/openapi.json');
    for (const line of surface) {
      const [method, path] = line.split(' ') as [string, string];
      expect(Object.keys(document.body.paths[path] ?? {}), line).toContain(method.toLowerCase());
      const concrete = path.replace('{token}', 'x').replace('{email}', 'x%40shop.test').replace('{userId}', '1');
      const answer = await t.rest(method, concrete, method === 'GET' || method === 'DELETE' ? {} : { body: {} });
      expect(answer.status, line).not.toBe(404);
      expect(answer.status, line).toBeLessThan(500);
    }
  });
});
