import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainMessages, statusMessages, codeForStatus } from '../src/shared/errors.js';
import type { AuthResponse } from '../src/shared/schemas/accounts.js';
import type { User } from '../src/shared/schemas/accounts.js';
import { startTestApp, type TestApp } from './support/harness.js';
import { lastLetter, linkToken, newShopper, signUpShopper } from './support/accounts-support.js';

/** Users administration, and a User who reaches only their own record. */
let t: TestApp;
let adminToken: string;

beforeAll(async () => {
  t = await startTestApp({ PUBLIC_URL: 'https://shop.example', SHOP_EMAIL: 'help@shop.example' });
  adminToken = await t.signInAdmin();
});

afterAll(() => t?.close());

const signUp = (shopper = newShopper()) => signUpShopper(t, shopper);

const refused = (status: number, message = statusMessages[status]) => ({ status, body: { statusCode: status, code: codeForStatus(status), message } });

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

  it('lists with the admin filters: names, e-mail, verified, role, sort and paging', async () => {
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
  it('answers and documents every /auth and /users REST call', async () => {
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
