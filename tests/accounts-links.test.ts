import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOpaqueToken } from '../src/server/services/accounts/tokens.js';
import { domainMessages } from '../src/shared/errors.js';
import { lastLetter, letterWithLink, linkToken, newShopper, restFrom, signUpShopper } from './support/accounts-support.js';
import { startTestApp, type TestApp } from './support/harness.js';

/** A link in a letter acts only for the address it was sent to: changing the e-mail voids the links of the old one. */
let t: TestApp;
let adminToken: string;

beforeAll(async () => {
  t = await startTestApp({ SIGNIN_ACCOUNT_FAILURE_BUDGET: '3', RATE_LIMIT_PER_MINUTE: '4' });
  adminToken = await t.signInAdmin();
});

afterAll(() => t?.close());

let shoppers = 0;

/** Each owner signs up from a network of their own, so the per-network limits of this app stay apart. */
function signUp() {
  shoppers += 1;
  const owner = newShopper({ firstName: 'Ольга', lastName: '', email: `owner${shoppers}@shop.test`, password: 'owner-password-1' });
  return signUpShopper(t, owner, `10.9.${shoppers}.1`);
}

const invalidLink = { status: 400, body: { statusCode: 400, code: 'BAD_REQUEST', message: domainMessages.invalidLink } };

describe('a link acts only for the address it was sent to', () => {
  it('a reset link stops working once the e-mail changes, and never verifies the new address', async () => {
    const { user, accessToken } = await signUp();
    await restFrom(t.baseUrl, '10.8.0.1', 'POST', '/auth/reset', { body: { email: user.email } });
    const resetToken = (await letterWithLink(t.db, user.email, 'reset', 2)).token;
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
