import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { AuthResponse, User } from '../../shared/schemas/accounts.js';
import { httpStatusOf, trpc } from '../trpc';
import { checkSession, RequestFailure, type SessionCheckResult } from './session-check';
import { clearTokens, readTokens, storeTokens } from './tokens';

/** The session store: the signed-in user (or null) and whether the first session check is still running. */
interface AuthState {
  user: User | null;
  loading: boolean;
  /** Stores both tokens and sets the user (sign-in, sign-up, confirmation, reset). */
  acceptSession: (response: AuthResponse) => void;
  setUser: (user: User) => void;
  /** Clears the user, removes both tokens and revokes the refresh token. */
  signOut: () => void;
  recheck: () => Promise<void>;
}

const AuthContext = createContext<AuthState | null>(null);

const RETRY_DELAYS_MS = [1000, 3000, 10_000, 30_000];

export function AuthProvider({ children }: { children: ReactNode }) {
  const utils = trpc.useUtils();
  const [user, setUser] = useState<User | null>(null);
  const [loading, setLoading] = useState(() => readTokens() !== null);
  const retries = useRef(0);
  const retryTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const retryCheck = useRef<() => void>(() => undefined);

  const asFailure = (error: unknown) => new RequestFailure(httpStatusOf(error));

  const recheck = useCallback(() => {
    clearTimeout(retryTimer.current);
    const applyResult = (result: SessionCheckResult) => {
      setLoading(false);
      if (result.outcome === 'fulfilled') {
        retries.current = 0;
        setUser(result.user);
      } else if (result.outcome === 'rejected') {
        setUser(null);
      } else {
        // Retrying: nothing changes; try again a little later.
        const delay = RETRY_DELAYS_MS[Math.min(retries.current, RETRY_DELAYS_MS.length - 1)];
        retries.current += 1;
        retryTimer.current = setTimeout(() => retryCheck.current(), delay);
      }
    };
    return checkSession({
      isOnline: () => navigator.onLine,
      readTokens: () => readTokens(),
      storeTokens: (tokens) => storeTokens(tokens),
      clearTokens: () => clearTokens(),
      fetchSession: (token) => utils.client.accounts.auth.session.mutate({ token }).catch((error: unknown) => Promise.reject(asFailure(error))),
      refresh: (token) => utils.client.accounts.auth.token.mutate({ token }).catch((error: unknown) => Promise.reject(asFailure(error))),
    }).then(applyResult);
  }, [utils]);

  useEffect(() => {
    retryCheck.current = () => void recheck();
    void recheck();
    return () => clearTimeout(retryTimer.current);
  }, [recheck]);

  const value = useMemo<AuthState>(
    () => ({
      user,
      loading,
      acceptSession: (response) => {
        storeTokens(response);
        setUser(response.user);
      },
      setUser,
      signOut: () => {
        // The refresh token is revoked on the server too (see docs/accounts.md); the tokens go either way.
        const tokens = readTokens();
        if (tokens) void utils.client.accounts.auth.signout.mutate({ token: tokens.refreshToken }).catch(() => undefined);
        clearTokens();
        setUser(null);
        void utils.invalidate();
      },
      recheck,
    }),
    [user, loading, recheck, utils],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (!state) throw new Error('useAuth must be used inside AuthProvider');
  return state;
}
