import type { User } from '../../shared/schemas/accounts.js';
import type { StoredTokens } from './tokens';

/**
 * The session check run when the app opens, free of React and of the network so that it can be
 * tested rule by rule:
 * - no network or no stored token: rejected;
 * - the session call succeeds: fulfilled with the user;
 * - it answers 403: refresh. A successful refresh stores the new tokens and checks again; a refresh
 *   refused with 403 removes both tokens (rejected); any other refresh failure: retrying;
 * - any other session failure with a status of at most 500 and not 401 (including no status at
 *   all, a dropped connection): retrying; otherwise rejected.
 */
export type SessionCheckResult = { outcome: 'fulfilled'; user: User } | { outcome: 'retrying' } | { outcome: 'rejected' };

export class RequestFailure extends Error {
  constructor(readonly status: number | undefined, message = 'request failed') {
    super(message);
  }
}

export interface SessionCheckDeps {
  isOnline(): boolean;
  readTokens(): StoredTokens | null;
  storeTokens(tokens: Partial<StoredTokens>): void;
  clearTokens(): void;
  /** POST /auth/session; throws RequestFailure. */
  fetchSession(accessToken: string): Promise<User>;
  /** POST /auth/token; throws RequestFailure. */
  refresh(refreshToken: string): Promise<Partial<StoredTokens> & { accessToken: string }>;
}

function statusOf(error: unknown): number | undefined {
  return error instanceof RequestFailure ? error.status : undefined;
}

const MAX_REFRESHES_PER_CHECK = 2;

export async function checkSession(deps: SessionCheckDeps, refreshesLeft = MAX_REFRESHES_PER_CHECK): Promise<SessionCheckResult> {
  if (!deps.isOnline()) return { outcome: 'rejected' };
  const tokens = deps.readTokens();
  if (!tokens) return { outcome: 'rejected' };
  try {
    return { outcome: 'fulfilled', user: await deps.fetchSession(tokens.accessToken) };
  } catch (error) {
    const status = statusOf(error);
    if (status === 403) {
      if (refreshesLeft <= 0) return { outcome: 'retrying' };
      try {
        deps.storeTokens(await deps.refresh(tokens.refreshToken));
      } catch (refreshError) {
        if (statusOf(refreshError) === 403) {
          deps.clearTokens();
          return { outcome: 'rejected' };
        }
        return { outcome: 'retrying' };
      }
      return checkSession(deps, refreshesLeft - 1);
    }
    if (status === undefined || (status <= 500 && status !== 401)) return { outcome: 'retrying' };
    return { outcome: 'rejected' };
  }
}
