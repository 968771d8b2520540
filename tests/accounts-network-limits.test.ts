import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientKey } from '../src/server/services/platform/rate-limit.js';
import { domainMessages, statusMessages } from '../src/shared/errors.js';
import { newShopper, restFrom, signUpShopper } from './support/accounts-support.js';
import { startTestApp, type TestApp } from './support/harness.js';

/** Limits count per account and per network, not only per IP: a budget of failures per account, an IPv6 /64 as one client. */
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ SIGNIN_ACCOUNT_FAILURE_BUDGET: '3', RATE_LIMIT_PER_MINUTE: '4' });
});

afterAll(() => t?.close());

let shoppers = 0;

/** Each owner signs up from a network of their own, so the per-network limits of this app stay apart. */
function signUp() {
  shoppers += 1;
  const owner = newShopper({ firstName: 'Ольга', lastName: '', email: `owner${shoppers}@shop.test`, password: 'owner-password-1' });
  return signUpShopper(t, owner, `10.9.${shoppers}.1`);
}

describe('limits per account and per network, not only per IP', () => {
  it('past an account’s failure budget (failures from many IPs) a new network gets 429 even with the right password, other accounts unaffected', async () => {
    const { user } = await signUp();
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const answer = await restFrom(t.baseUrl, `172.16.${attempt}.9`, 'POST', '/auth/signin', { body: { email: user.email, password: 'wrong-password' } });
      expect(answer.status).toBe(401);
    }
    const locked = { status: 429, body: { statusCode: 429, code: 'TOO_MANY_REQUESTS', message: domainMessages.accountSigninLocked } };
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
      body: { statusCode: 429, code: 'TOO_MANY_REQUESTS', message: statusMessages[429] },
    });
    expect((await restFrom(t.baseUrl, '2001:db8:77:2::1', 'POST', '/users/help', { body: help })).status).toBe(200);
  });
});
