import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newShopper, signUpShopper } from './support/accounts-support.js';
import { startTestApp, type TestApp } from './support/harness.js';

/** A client that keeps its first refresh token keeps its session, while sign-out, a password change, demotion and deletion still end it. */
let t: TestApp;
let adminToken: string;

beforeAll(async () => {
  t = await startTestApp();
  adminToken = await t.signInAdmin();
});

afterAll(() => t?.close());

const signUp = (email?: string) => signUpShopper(t, newShopper(email === undefined ? {} : { email }));

describe('a client that keeps using its first refresh token keeps its session', () => {
  it('refreshes again and again with its first refresh token', async () => {
    const { refreshToken } = await signUp();
    for (let round = 0; round < 4; round += 1) {
      const refreshed = await t.rest<{ accessToken: string }>('POST', '/auth/token', { body: { token: refreshToken } });
      expect(refreshed.status).toBe(200);
      expect((await t.rest('POST', '/auth/session', { body: { token: refreshed.body.accessToken } })).status).toBe(200);
    }
  });

  it('still ends every session on sign-out, password change and demotion', async () => {
    const session = await signUp();
    await t.trpc().accounts.auth.signout.mutate({ token: session.refreshToken });
    expect((await t.rest('POST', '/auth/token', { body: { token: session.refreshToken } })).status).toBe(403);

    const other = await signUp();
    await t.trpc(other.accessToken).accounts.users.changePassword.mutate({ currentPassword: 'anna-password-1', password: 'anna-password-2' });
    expect((await t.rest('POST', '/auth/token', { body: { token: other.refreshToken } })).status).toBe(403);

    const moderator = await signUp();
    const promoted = { ...moderator.user, role: 'SuperUser' as const };
    expect((await t.rest('PUT', `/users/user/${moderator.user.id}`, { token: adminToken, body: promoted })).status).toBe(200);
    expect((await t.rest('POST', '/auth/token', { body: { token: moderator.refreshToken } })).status).toBe(403);

    const leaving = await signUp();
    expect((await t.rest('DELETE', `/users/user/${leaving.user.id}`, { token: adminToken })).status).toBe(200);
    expect((await t.rest('POST', '/auth/token', { body: { token: leaving.refreshToken } })).status).toBe(403);
  });
});
