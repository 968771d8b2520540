import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newShopper, signUpShopper } from './support/accounts-support.js';
import { startTestApp, type TestApp } from './support/harness.js';

/** Access tokens are signed with a random key kept in the database, so nobody can forge one with a key read from the source. */
let t: TestApp;
let adminToken: string;

beforeAll(async () => {
  t = await startTestApp();
  adminToken = await t.signInAdmin();
});

afterAll(() => t?.close());

const signUp = (email?: string) => signUpShopper(t, newShopper(email === undefined ? {} : { email }));

describe('tokens nobody can forge', () => {
  it('signs with a random key kept in the database, never with a key written in the source', async () => {
    const secret = await t.db.selectFrom('appState').select('value').where('name', '=', 'jwt-secret').executeTakeFirstOrThrow();
    expect(secret.value.length).toBeGreaterThanOrEqual(48);
    const { user } = await signUp();
    const forged = await new SignJWT({ role: 'Admin' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.id))
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode('dev-only-secret-never-use-in-production-0123456789'));
    expect((await t.rest('GET', '/users', { token: forged })).status).toBe(401);
  });

  it('shares the key with every instance on the database, and another database has its own', async () => {
    const second = await startTestApp({}, undefined, t.database);
    const elsewhere = await startTestApp();
    try {
      expect((await second.rest('GET', '/users?limit=1', { token: adminToken })).status).toBe(200);
      const foreign = await elsewhere.signInAdmin();
      expect((await t.rest('GET', '/users?limit=1', { token: foreign })).status).toBe(401);
    } finally {
      await second.close();
      await elsewhere.close();
    }
  });
});
