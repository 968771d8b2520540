import type { FastifyRequest } from 'fastify';
import type { Config } from './config.js';
import type { Db } from './db/connection.js';
import { noteRequestUser, type ReadRouting } from './db/replica.js';
import type { Role } from './db/tables/accounts.js';
import type { Mailer } from './services/mail/mailer.js';
import type { RateLimits } from './services/platform/rate-limit.js';
import type { TokenService } from './services/accounts/tokens.js';

/** What every procedure may use; built once per app. */
export interface AppServices {
  config: Config;
  db: Db;
  /** Where catalogue and content reads go: the read replica or the primary (db/replica.ts). */
  reads: ReadRouting;
  tokens: TokenService;
  mailer: Mailer;
  rateLimits: RateLimits;
}

export interface AuthUser {
  id: number;
  role: Role;
}

export interface Context extends AppServices {
  user: AuthUser | null;
  /** Why a presented access token did not yield a user; null when none was presented. */
  tokenProblem: 'expired' | 'invalid' | null;
  ip: string;
  /** The `Idempotency-Key` header (checkouts: a repeated submit gives the same order). */
  idempotencyKey: string | null;
}

/** The access token travels as `Authorization: Bearer <token>` (docs/accounts.md). */
export function bearerToken(request: Pick<FastifyRequest, 'headers'>): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

export function contextFactory(services: AppServices) {
  return async ({ req }: { req: FastifyRequest }): Promise<Context> => {
    const token = bearerToken(req);
    const key = req.headers['idempotency-key'];
    const base = { ...services, ip: req.ip, idempotencyKey: typeof key === 'string' && key.trim() ? key.trim() : null };
    if (!token) return { ...base, user: null, tokenProblem: null };
    const check = await services.tokens.verifyAccess(token);
    if (check.status === 'valid') {
      noteRequestUser(req, check.claims.userId);
      return { ...base, user: { id: check.claims.userId, role: check.claims.role }, tokenProblem: null };
    }
    return { ...base, user: null, tokenProblem: check.status };
  };
}
