import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { purgeExpired } from '../src/server/services/platform/housekeeping.js';
import { cutoffPollMs, TokenCutoffs } from '../src/server/services/accounts/token-cutoffs.js';
import { TokenService } from '../src/server/services/accounts/tokens.js';
import { domainMessages } from '../src/shared/errors.js';
import type { AuthResponse } from '../src/shared/schemas/accounts.js';
import { letterWithLink } from './support/accounts-support.js';
import { startTestApp, type TestApp } from './support/harness.js';

/**
 * An access token stops working at once on the instance that made the change (password reset,
 * new role, deletion) and within the poll interval on every other instance.
 */

describe('checking an access token reads memory only', () => {
  afterEach(() => vi.useRealTimers());

  it('refuses tokens issued before the user’s cut-off, to the millisecond, with no database at hand', async () => {
    // The service holds a key and the in-memory cut-offs: there is no database for it to read.
    const cutoffs = new TokenCutoffs();
    const tokens = new TokenService('k'.repeat(40), cutoffs);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(1_900_000_000_100);
    const before = await tokens.signAccess({ userId: 7, role: 'SuperUser' });
    const otherUser = await tokens.signAccess({ userId: 8, role: 'User' });
    vi.setSystemTime(1_900_000_000_200);
    cutoffs.note(7, Date.now());
    vi.setSystemTime(1_900_000_000_300);
    // Same whole second as the cut-off and the old token: only the millisecond claim tells them apart.
    const after = await tokens.signAccess({ userId: 7, role: 'User' });
    expect(await tokens.verifyAccess(before)).toEqual({ status: 'expired' });
    expect(await tokens.verifyAccess(after)).toEqual({ status: 'valid', claims: { userId: 7, role: 'User' } });
    expect(await tokens.verifyAccess(otherUser)).toMatchObject({ status: 'valid' });
    // Forgotten once every token it refuses has expired anyway.
    cutoffs.prune(1_900_000_000_200 + 16 * 60 * 1000);
    expect(cutoffs.size).toBe(0);
  });
});

describe('revocation across instances sharing a database', () => {
  let first: TestApp;
  let second: TestApp;
  let adminToken: string;
  beforeAll(async () => {
    first = await startTestApp();
    second = await startTestApp({}, undefined, first.database);
    adminToken = await first.signInAdmin();
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  let shoppers = 0;
  async function signUp(): Promise<AuthResponse> {
    shoppers += 1;
    const answer = await first.rest<AuthResponse>('POST', '/auth/signup', { body: { firstName: 'Вера', email: `vera${shoppers}@shop.test`, password: 'vera-password-1', consent: true } });
    expect(answer.status).toBe(200);
    return answer.body;
  }
  /** A call that needs a signed-in user and reads nothing of the user: the token decides. */
  const probe = (t: TestApp, token: string) => t.rest<{ message?: string }>('GET', '/addresses', { token });
  const refused = { status: 401, body: { statusCode: 401,code: 'UNAUTHORIZED',  message: domainMessages.sessionExpired } };

  /** Refused at once here, and on the other instance within the poll interval (measured). */
  async function expectRefusedEverywhere(token: string): Promise<void> {
    expect(await probe(first, token)).toEqual(refused);
    const started = Date.now();
    await vi.waitFor(async () => expect(await probe(second, token)).toEqual(refused), { timeout: 10_000, interval: 100 });
    expect(Date.now() - started).toBeLessThan(cutoffPollMs + 4_000);
  }

  it('after a password reset the old access token is refused, the new tokens work', async () => {
    const { user, accessToken, refreshToken } = await signUp();
    expect((await probe(first, accessToken)).status).toBe(200);
    expect((await probe(second, accessToken)).status).toBe(200);

    await first.rest('POST', '/auth/reset', { body: { email: user.email } });
    const token = (await letterWithLink(first.db, user.email, 'reset', 2)).token;
    const reset = await first.rest<AuthResponse>('PUT', '/auth/update-password', { body: { token, password: 'vera-password-2' } });
    expect(reset.status).toBe(200);

    await expectRefusedEverywhere(accessToken);
    expect((await first.rest('POST', '/auth/token', { body: { token: refreshToken } })).status).toBe(403);
    expect((await probe(first, reset.body.accessToken)).status).toBe(200);
    expect((await probe(second, reset.body.accessToken)).status).toBe(200);
    const refreshed = await second.rest<{ accessToken: string }>('POST', '/auth/token', { body: { token: reset.body.refreshToken } });
    expect((await probe(first, refreshed.body.accessToken)).status).toBe(200);

    // An instance started afterwards knows the cut-off before serving.
    const third = await startTestApp({}, undefined, first.database);
    try {
      expect(await probe(third, accessToken)).toEqual(refused);
    } finally {
      await third.close();
    }
  });

  it('after a SuperUser is demoted to User the old token is refused; a new sign-in carries the new role', async () => {
    const { user } = await signUp();
    const promoted = await first.rest<{ version: number }>('PUT', `/users/user/${user.id}`, { token: adminToken, body: { firstName: user.firstName, lastName: '', email: user.email, role: 'SuperUser' } });
    expect(promoted.status).toBe(200);
    const superUser = await second.rest<AuthResponse>('POST', '/auth/signin', { body: { email: user.email, password: 'vera-password-1' } });
    expect(superUser.body.user.role).toBe('SuperUser');

    const demoted = await first.rest('PUT', `/users/user/${user.id}`, { token: adminToken, body: { firstName: user.firstName, lastName: '', email: user.email, role: 'User' } });
    expect(demoted.status).toBe(200);
    await expectRefusedEverywhere(superUser.body.accessToken);

    const again = await second.rest<AuthResponse>('POST', '/auth/signin', { body: { email: user.email, password: 'vera-password-1' } });
    expect(again.body.user.role).toBe('User');
    const claims = JSON.parse(Buffer.from(again.body.accessToken.split('.')[1] ?? '', 'base64url').toString('utf8')) as { role: string };
    expect(claims.role).toBe('User');
    expect((await probe(first, again.body.accessToken)).status).toBe(200);
  });

  it('after the user is deleted the old token is refused', async () => {
    const { user, accessToken } = await signUp();
    expect((await probe(second, accessToken)).status).toBe(200);
    expect((await first.rest('DELETE', `/users/user/${user.id}`, { token: adminToken })).status).toBe(200);
    await expectRefusedEverywhere(accessToken);
  });

  it('the housekeeping forgets cut-offs older than an access token’s life', async () => {
    await first.db.insertInto('tokenCutoffs').values([{ userId: 900_001, cutoffAt: new Date(Date.now() - 20 * 60 * 1000) }, { userId: 900_002, cutoffAt: new Date() }]).execute();
    expect((await purgeExpired(first.db)).tokenCutoffs).toBeGreaterThanOrEqual(1);
    const left = await first.db.selectFrom('tokenCutoffs').select('userId').where('userId', 'in', [900_001, 900_002]).execute();
    expect(left).toEqual([{ userId: 900_002 }]);
    await sql`delete from token_cutoffs where user_id = 900002`.execute(first.db);
  });
});
