import { describe, expect, it } from 'vitest';
import type { User } from '../../shared/schemas/accounts.js';
import { checkSession, RequestFailure, type SessionCheckDeps } from './session-check';
import type { StoredTokens } from './tokens';

const user: User = { id: 1, firstName: 'Анна', lastName: 'Иванова', email: 'anna@shop.test', isVerified: true, role: 'User', version: 1 };

function deps(overrides: Partial<SessionCheckDeps> & { tokens?: StoredTokens | null } = {}) {
  let tokens: StoredTokens | null = overrides.tokens === undefined ? { accessToken: 'a1', refreshToken: 'r1' } : overrides.tokens;
  const calls: string[] = [];
  const d: SessionCheckDeps = {
    isOnline: () => true,
    readTokens: () => tokens,
    storeTokens: (next) => {
      calls.push('store');
      tokens = { accessToken: next.accessToken ?? tokens?.accessToken ?? '', refreshToken: next.refreshToken ?? tokens?.refreshToken ?? '' };
    },
    clearTokens: () => {
      calls.push('clear');
      tokens = null;
    },
    fetchSession: () => Promise.resolve(user),
    refresh: () => Promise.resolve({ accessToken: 'a2', refreshToken: 'r2' }),
    ...overrides,
  };
  return { d, calls, tokens: () => tokens };
}

describe('the session check', () => {
  it('is rejected with no network', async () => {
    expect(await checkSession(deps({ isOnline: () => false }).d)).toEqual({ outcome: 'rejected' });
  });

  it('is rejected with no stored token', async () => {
    expect(await checkSession(deps({ tokens: null }).d)).toEqual({ outcome: 'rejected' });
  });

  it('is fulfilled with the user when the session call succeeds', async () => {
    expect(await checkSession(deps().d)).toEqual({ outcome: 'fulfilled', user });
  });

  it('on 403 refreshes, stores the new access token and checks again', async () => {
    const seen: string[] = [];
    const { d, tokens } = deps({
      fetchSession: (token) => {
        seen.push(token);
        return token === 'a1' ? Promise.reject(new RequestFailure(403)) : Promise.resolve(user);
      },
    });
    expect(await checkSession(d)).toEqual({ outcome: 'fulfilled', user });
    expect(seen).toEqual(['a1', 'a2']);
    expect(tokens()).toEqual({ accessToken: 'a2', refreshToken: 'r2' });
  });

  it('removes both tokens and is rejected when the refresh fails with 403', async () => {
    const { d, calls, tokens } = deps({
      fetchSession: () => Promise.reject(new RequestFailure(403)),
      refresh: () => Promise.reject(new RequestFailure(403)),
    });
    expect(await checkSession(d)).toEqual({ outcome: 'rejected' });
    expect(calls).toContain('clear');
    expect(tokens()).toBeNull();
  });

  it('is retried when the refresh fails otherwise, keeping the tokens', async () => {
    const { d, tokens } = deps({
      fetchSession: () => Promise.reject(new RequestFailure(403)),
      refresh: () => Promise.reject(new RequestFailure(500)),
    });
    expect(await checkSession(d)).toEqual({ outcome: 'retrying' });
    expect(tokens()).not.toBeNull();
  });

  it.each([400, 404, 408, 429, 500, undefined])('is retried on a session error with status %s', async (status) => {
    expect(await checkSession(deps({ fetchSession: () => Promise.reject(new RequestFailure(status)) }).d)).toEqual({ outcome: 'retrying' });
  });

  it.each([401, 502, 503])('is rejected on a session error with status %s', async (status) => {
    expect(await checkSession(deps({ fetchSession: () => Promise.reject(new RequestFailure(status)) }).d)).toEqual({ outcome: 'rejected' });
  });
});
