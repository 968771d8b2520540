import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAdmin } from '../src/server/services/accounts/admin-bootstrap.js';
import { purgeExpired } from '../src/server/services/platform/housekeeping.js';
import { clientKey } from '../src/server/services/platform/rate-limit.js';
import { createOpaqueToken } from '../src/server/services/accounts/tokens.js';
import { domainMessages, statusMessages } from '../src/shared/errors.js';
import type { AuthResponse } from '../src/shared/schemas/accounts.js';
import { lastLetter, linkToken, restFrom } from './accounts-support.js';
import { startTestApp, type TestApp } from './harness.js';

/** Issue 11 on accounts: links bound to their address, limits per account, tables that shrink. */
let t: TestApp;
let adminToken: string;

beforeAll(async () => {
  t = await startTestApp({ SIGNIN_ACCOUNT_FAILURE_BUDGET: '3', RATE_LIMIT_PER_MINUTE: '4' });
  adminToken = await t.signInAdmin();
});
afterAll(() => t?.close());

let shoppers = 0;
async function signUp(): Promise<AuthResponse> {
  shoppers += 1;
  const response = await restFrom<AuthResponse>(t.baseUrl, `10.9.${shoppers}.1`, 'POST', '/auth/signup', {
    body: { firstName: 'Ольга', lastName: '', email: `owner${shoppers}@shop.test`, password: 'owner-password-1' },
  });
  expect(response.status).toBe(200);
  return response.body;
}

const invalidLink = { status: 400, body: { statusCode: 400, message: domainMessages.invalidLink } };

describe('a link acts only for the address it was sent to', () => {
  it('a reset link stops working once the e-mail changes, and never verifies the new address', async () => {
    const { user, accessToken } = await signUp();
    await restFrom(t.baseUrl, '10.8.0.1', 'POST', '/auth/reset', { body: { email: user.email } });
    const resetToken = linkToken((await lastLetter(t.db, user.email, 2)).text, 'reset');
    const moved = await t.rest<{ email: string; isVerified: boolean }>('PUT', `/users/user/${user.id}`, {
      token: accessToken,
      body: { firstName: user.firstName, lastName: user.lastName, email: `moved-${user.email}` },
    });
    expect(moved.body).toMatchObject({ email: `moved-${user.email}`, isVerified: false });
    expect(await t.rest('PUT', '/auth/update-password', { body: { token: resetToken, password: 'taken-over-1' } })).toEqual(invalidLink);
    const stored = await t.db.selectFrom('users').select(['isVerified']).where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(stored.isVerified).toBe(false);
    expect((await t.rest('POST', '/auth/signin', { body: { email: `moved-${user.email}`, password: 'owner-password-1' } })).status).toBe(200);
  });

  it('a confirmation link issued for the old address confirms nothing after a change', async () => {
    const { user } = await signUp();
    const confirmToken = linkToken((await lastLetter(t.db, user.email)).text, 'confirm');
    // The admin changes the address (as a concurrent change would) before the link is clicked.
    const current = await t.rest<{ version: number }>('GET', `/users/user/${user.id}`, { token: adminToken });
    await t.rest('PUT', `/users/user/${user.id}`, { token: adminToken, body: { firstName: user.firstName, lastName: '', email: `new-${user.email}`, version: current.body.version } });
    expect(await t.rest('GET', `/auth/authorize/${confirmToken}`)).toEqual(invalidLink);
    expect((await t.db.selectFrom('users').select('isVerified').where('id', '=', user.id).executeTakeFirstOrThrow()).isVerified).toBe(false);
  });

  it('a link whose address is no longer the account’s is refused even if it was not voided', async () => {
    const { user } = await signUp();
    const { token, hash } = createOpaqueToken();
    await t.db
      .insertInto('accountTokens')
      .values({ userId: user.id, email: 'someone-else@shop.test', purpose: 'confirm', tokenHash: hash, expiresAt: new Date(Date.now() + 60_000) })
      .execute();
    expect(await t.rest('GET', `/auth/authorize/${token}`)).toEqual(invalidLink);
  });
});

describe('limits per account and per network, not only per IP', () => {
  it('past an account’s failure budget (failures from many IPs) a new network gets 429 even with the right password, other accounts unaffected', async () => {
    const { user } = await signUp();
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const answer = await restFrom(t.baseUrl, `172.16.${attempt}.9`, 'POST', '/auth/signin', { body: { email: user.email, password: 'wrong-password' } });
      expect(answer.status).toBe(401);
    }
    const locked = { status: 429, body: { statusCode: 429, message: domainMessages.accountSigninLocked } };
    expect(await restFrom(t.baseUrl, '172.16.50.9', 'POST', '/auth/signin', { body: { email: user.email, password: 'owner-password-1' } })).toEqual(locked);
    const other = await signUp();
    expect((await restFrom(t.baseUrl, '172.16.51.9', 'POST', '/auth/signin', { body: { email: other.user.email, password: 'owner-password-1' } })).status).toBe(200);
  });

  it('counts a whole IPv6 /64 as one client', async () => {
    expect(clientKey('2001:db8:1:2:aaaa::1')).toBe(clientKey('2001:0db8:0001:0002:ffff:ffff:ffff:ffff'));
    expect(clientKey('2001:db8:1:3::1')).not.toBe(clientKey('2001:db8:1:2::1'));
    expect(clientKey('::ffff:10.0.0.1')).toBe('10.0.0.1');
    const help = { email: 'asker@shop.test', message: 'Вопрос' };
    for (let host = 1; host <= 4; host += 1) {
      expect((await restFrom(t.baseUrl, `2001:db8:77:1::${host}`, 'POST', '/users/help', { body: help })).status).toBe(200);
    }
    expect(await restFrom(t.baseUrl, '2001:db8:77:1:ffff::5', 'POST', '/users/help', { body: help })).toEqual({
      status: 429,
      body: { statusCode: 429, message: statusMessages[429] },
    });
    expect((await restFrom(t.baseUrl, '2001:db8:77:2::1', 'POST', '/users/help', { body: help })).status).toBe(200);
  });
});

describe('tables that do not only grow', () => {
  it('purges expired and revoked sessions, used and expired links, old letters, help messages and callbacks, unconfirmed subscriptions; keeps the live ones', async () => {
    const { user, refreshToken } = await signUp();
    const past = sql<Date>`now() - interval '2 days'`;
    const ancient = sql<Date>`now() - interval '400 days'`;
    const expired = createOpaqueToken();
    const revoked = createOpaqueToken();
    await t.db
      .insertInto('sessions')
      .values([
        { userId: user.id, familyId: '00000000-0000-4000-8000-000000000001', tokenHash: expired.hash, expiresAt: new Date(Date.now() - 1000) },
        { userId: user.id, familyId: '00000000-0000-4000-8000-000000000002', tokenHash: revoked.hash, expiresAt: new Date(Date.now() + 60_000), revokedAt: new Date() },
      ])
      .execute();
    const usedLink = createOpaqueToken();
    await t.db
      .insertInto('accountTokens')
      .values({ userId: user.id, email: user.email, purpose: 'reset', tokenHash: usedLink.hash, expiresAt: new Date(Date.now() + 60_000), usedAt: new Date() })
      .execute();
    const { id: oldLetter } = await t.db
      .insertInto('mailOutbox')
      .values({ recipient: 'old@shop.test', subject: 'Старое', text: 'https://shop/reset/x', html: '', status: 'kept' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await sql`update mail_outbox set created_at = ${past} where id = ${oldLetter}`.execute(t.db);
    const { id: oldMessage } = await t.db.insertInto('helpMessages').values({ email: 'old@shop.test', message: 'Давно' }).returning('id').executeTakeFirstOrThrow();
    await sql`update help_messages set created_at = ${ancient} where id = ${oldMessage}`.execute(t.db);
    await t.db
      .insertInto('subscribers')
      .values([
        { email: 'never-confirmed@shop.test', mailId: 'never-confirmed-mail-id', confirmTokenHash: 'x' },
        { email: 'long-confirmed@shop.test', mailId: 'long-confirmed-mail-id', confirmTokenHash: null, confirmedAt: new Date() },
      ])
      .execute();
    await sql`update subscribers set created_at = ${ancient} where email in ('never-confirmed@shop.test', 'long-confirmed@shop.test')`.execute(t.db);
    const { id: oldCallback } = await t.db.insertInto('callbackRequests').values({ name: 'Давний', phone: '+79990000000' }).returning('id').executeTakeFirstOrThrow();
    await sql`update callback_requests set created_at = ${ancient} where id = ${oldCallback}`.execute(t.db);

    const report = await purgeExpired(t.db);
    expect(report.sessions).toBeGreaterThanOrEqual(2);
    expect(report.accountTokens).toBeGreaterThanOrEqual(1);
    expect(report.letters).toBeGreaterThanOrEqual(1);
    expect(report.helpMessages).toBeGreaterThanOrEqual(1);
    expect(report.unconfirmedSubscribers).toBeGreaterThanOrEqual(1);
    expect(report.callbackRequests).toBeGreaterThanOrEqual(1);
    // A confirmed subscriber stays however old; one that never confirmed goes.
    expect((await t.db.selectFrom('subscribers').select('email').where('email', 'like', '%confirmed@shop.test').execute()).map((row) => row.email)).toEqual(['long-confirmed@shop.test']);
    expect(await t.db.selectFrom('sessions').select('id').where('tokenHash', 'in', [expired.hash, revoked.hash]).execute()).toEqual([]);
    expect(await t.db.selectFrom('mailOutbox').select('id').where('id', '=', oldLetter).execute()).toEqual([]);
    // The live session and the fresh confirmation letter stay.
    expect((await t.rest('POST', '/auth/token', { body: { token: refreshToken } })).status).toBe(200);
    expect((await t.db.selectFrom('mailOutbox').select('id').where('recipient', '=', user.email).execute()).length).toBeGreaterThan(0);
  });
});

describe('instances starting together', () => {
  it('report the first admin as created only once', async () => {
    const admin = { email: 'together@shop.test', password: 'together-password' };
    const results = await Promise.all([ensureAdmin(t.db, admin), ensureAdmin(t.db, admin), ensureAdmin(t.db, admin)]);
    expect(results.filter((result) => result === 'created')).toHaveLength(1);
  });
});
