import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeExpired } from '../src/server/services/platform/housekeeping.js';
import { createOpaqueToken } from '../src/server/services/accounts/tokens.js';
import { newShopper, signUpShopper } from './support/accounts-support.js';
import { startTestApp, type TestApp } from './support/harness.js';

/** Housekeeping purges what has expired (sessions, links, letters, help messages, callbacks, unconfirmed subscriptions) and keeps the live rows. */
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
