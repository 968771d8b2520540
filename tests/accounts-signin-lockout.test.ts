import { randomBytes, randomInt } from 'node:crypto';
import { createTRPCClient, httpLink } from '@trpc/client';
import { sql } from 'kysely';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AppRouter } from '../src/server/routers/index.js';
import { signinWarningSubject } from '../src/server/services/accounts/signin-warning-letter.js';
import { purgeExpired } from '../src/server/services/platform/housekeeping.js';
import { domainMessages } from '../src/shared/errors.js';
import { restFrom } from './support/accounts-support.js';
import { startTestApp, type TestApp } from './support/harness.js';

/** Failed sign-ins are bounded per (account, network) and per account, yet strangers cannot lock the owner out. */

const password = 'owner-password-1';
const wrong = 'wrong-password-1';
let nextIp = 0;
/** A fresh client network (an IPv4 address) for each call. */
const newIp = () => {
  nextIp += 1;
  return `10.${randomInt(100, 200)}.${nextIp >> 8}.${nextIp & 255}`;
};
const signin = (t: TestApp, ip: string, email: string, pass: string) => restFrom<{ message?: string }>(t.baseUrl, ip, 'POST', '/auth/signin', { body: { email, password: pass } });
const uniqueEmail = (name: string) => `${name}-${randomBytes(4).toString('hex')}@shop.test`;
const wrongCredentials = { status: 401, body: { statusCode: 401,code: 'UNAUTHORIZED',  message: domainMessages.wrongCredentials } };
const accountLocked = { status: 429, body: { statusCode: 429,code: 'TOO_MANY_REQUESTS',  message: domainMessages.accountSigninLocked } };

async function signUp(t: TestApp, ip: string, name: string): Promise<string> {
  const email = uniqueEmail(name);
  const answer = await restFrom(t.baseUrl, ip, 'POST', '/auth/signup', { body: { firstName: 'Ольга', email, password, consent: true } });
  expect(answer.status).toBe(200);
  return email;
}

describe('failures per account and network', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ SIGNIN_FAILURES_PER_NETWORK: '3', SIGNIN_ACCOUNT_FAILURE_BUDGET: '50' });
  });
  afterAll(() => t?.close());

  it('ten wrong passwords from ten IPs do not lock the owner out: the right one from an eleventh IP signs in', async () => {
    const email = await signUp(t, newIp(), 'owner');
    for (let attempt = 0; attempt < 10; attempt += 1) expect(await signin(t, newIp(), email, wrong)).toEqual(wrongCredentials);
    expect((await signin(t, newIp(), email, password)).status).toBe(200);
  });

  it('past the pair limit one IP gets 429 for that account only, even with the right password; other IPs and accounts are unaffected', async () => {
    const email = await signUp(t, newIp(), 'pair');
    const other = await signUp(t, newIp(), 'neighbour');
    const attacker = newIp();
    for (let attempt = 0; attempt < 3; attempt += 1) expect(await signin(t, attacker, email, wrong)).toEqual(wrongCredentials);
    for (const pass of [wrong, password]) {
      const refused = await signin(t, attacker, email, pass);
      expect(refused.status).toBe(429);
      expect(refused.body.message).toMatch(new RegExp(`^${domainMessages.signinNetworkLockedPrefix} \\d+ мин\\.$`));
    }
    expect((await signin(t, newIp(), email, password)).status).toBe(200);
    expect((await signin(t, attacker, other, password)).status).toBe(200);
  });

  it('counts an unknown e-mail the same way and answers the same', async () => {
    const nobody = uniqueEmail('nobody');
    const attacker = newIp();
    for (let attempt = 0; attempt < 3; attempt += 1) expect(await signin(t, attacker, nobody, wrong)).toEqual(wrongCredentials);
    const refused = await signin(t, attacker, nobody, wrong);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(new RegExp(`^${domainMessages.signinNetworkLockedPrefix} \\d+ мин\\.$`));
  });

  it('a success clears its pair’s failures', async () => {
    const email = await signUp(t, newIp(), 'typo');
    const home = newIp();
    for (let round = 0; round < 2; round += 1) {
      for (let attempt = 0; attempt < 2; attempt += 1) expect(await signin(t, home, email, wrong)).toEqual(wrongCredentials);
      expect((await signin(t, home, email, password)).status).toBe(200);
    }
  });
});

const redisUrl = process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';
const windowSeconds = 10;

describe.each<{ store: string; env: Record<string, string> }>([
  { store: 'memory', env: {} },
  { store: 'Redis (two instances sharing the counters)', env: { REDIS_URL: redisUrl } },
])('the account budget, counters in $store', ({ env }) => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    const limits = { SIGNIN_FAILURES_PER_NETWORK: '1000', SIGNIN_ACCOUNT_FAILURE_BUDGET: '4', SIGNIN_ACCOUNT_WINDOW_SECONDS: String(windowSeconds), ...env };
    first = await startTestApp(limits);
    second = 'REDIS_URL' in env ? await startTestApp(limits, undefined, first.database) : first;
  });
  afterAll(async () => {
    if (second !== first) await second?.close();
    await first?.close();
  });

  const warnings = async (email: string) =>
    (await first.db.selectFrom('mailOutbox').select('subject').where('recipient', '=', email).where('subject', '=', signinWarningSubject).execute()).length;

  it('once used up, unknown networks get 429 even with the right password, known ones still sign in, the owner gets one letter; it recovers after its window', async () => {
    const email = await signUp(first, newIp(), 'admin');
    await first.db.updateTable('users').set({ role: 'Admin' }).where('email', '=', email).execute();
    const home = newIp();
    expect((await signin(first, home, email, password)).status).toBe(200);

    // Strangers use the budget up from four networks at once (within the window).
    const failures = await Promise.all([newIp(), newIp(), newIp(), newIp()].map((ip) => signin(first, ip, email, wrong)));
    expect(failures).toEqual(Array(4).fill(wrongCredentials));

    expect(await signin(second, newIp(), email, password)).toEqual(accountLocked);
    expect(await signin(second, newIp(), email, wrong)).toEqual(accountLocked);
    expect((await signin(second, home, email, password)).status).toBe(200);
    // The admin sign-in follows the same rules.
    const adminFrom = (ip: string) => createTRPCClient<AppRouter>({ links: [httpLink({ url: `${second.baseUrl}/trpc`, transformer: superjson, headers: { 'x-forwarded-for': ip } })] });
    await expect(adminFrom(newIp()).accounts.auth.adminSignin.mutate({ email, password })).rejects.toMatchObject({ message: domainMessages.accountSigninLocked, data: { httpStatus: 429 } });
    expect((await adminFrom(home).accounts.auth.adminSignin.mutate({ email, password })).user.email).toBe(email);

    await vi.waitFor(async () => expect(await warnings(email)).toBe(1), { timeout: 5_000, interval: 50 });
    const letter = await first.db.selectFrom('mailOutbox').select('text').where('recipient', '=', email).where('subject', '=', signinWarningSubject).executeTakeFirstOrThrow();
    expect(letter.text).toContain('Вход с устройств и из сетей, откуда вы уже входили, работает как обычно');
    expect(letter.text).toContain('Ссылка для сброса пароля работает откуда угодно');

    // After the window the budget is whole again: any network signs in with the right password.
    await vi.waitFor(async () => expect((await signin(second, newIp(), email, password)).status).toBe(200), { timeout: (windowSeconds + 6) * 1000, interval: 500 });
    expect(await warnings(email)).toBe(1);
  });

  it('an unknown e-mail past the budget gets the same 429', async () => {
    const nobody = uniqueEmail('ghost');
    const failures = await Promise.all([newIp(), newIp(), newIp(), newIp()].map((ip) => signin(first, ip, nobody, wrong)));
    expect(failures).toEqual(Array(4).fill(wrongCredentials));
    expect(await signin(second, newIp(), nobody, password)).toEqual(accountLocked);
  });
});

describe('known networks', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  it('are remembered per account and network (an IPv6 /64 is one), and forgotten after 90 days unseen', async () => {
    const email = await signUp(t, '2001:db8:5:6::1', 'six');
    expect((await signin(t, '2001:db8:5:6:ffff::9', email, password)).status).toBe(200);
    const { id } = await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    const networks = await t.db.selectFrom('signinNetworks').select('network').where('userId', '=', id).execute();
    expect(networks).toEqual([{ network: '2001:db8:5:6::/64' }]);

    await t.db.insertInto('signinNetworks').values({ userId: id, network: '10.1.1.1' }).execute();
    await sql`update signin_networks set last_seen_at = now() - interval '91 days' where network = '10.1.1.1'`.execute(t.db);
    expect((await purgeExpired(t.db)).signinNetworks).toBeGreaterThanOrEqual(1);
    expect(await t.db.selectFrom('signinNetworks').select('network').where('userId', '=', id).execute()).toEqual([{ network: '2001:db8:5:6::/64' }]);
  });
});
