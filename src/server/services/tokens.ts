import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { Role } from '../db/schema.js';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export interface AccessClaims {
  userId: number;
  role: Role;
}

export type AccessCheck =
  | { status: 'valid'; claims: AccessClaims }
  | { status: 'expired' }
  | { status: 'invalid' };

const roles: ReadonlySet<string> = new Set<Role>(['User', 'SuperUser', 'Admin']);

/** Access tokens are short-lived HS256 JWTs; refresh tokens are opaque and stored hashed. */
export class TokenService {
  readonly #key: Uint8Array;

  constructor(secret: string) {
    this.#key = new TextEncoder().encode(secret);
  }

  signAccess(claims: AccessClaims): Promise<string> {
    return new SignJWT({ role: claims.role })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.userId))
      .setIssuedAt()
      .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
      .sign(this.#key);
  }

  async verifyAccess(token: string): Promise<AccessCheck> {
    try {
      const { payload } = await jwtVerify(token, this.#key, { algorithms: ['HS256'] });
      const userId = Number(payload.sub);
      const role = payload['role'];
      if (!Number.isInteger(userId) || typeof role !== 'string' || !roles.has(role)) return { status: 'invalid' };
      return { status: 'valid', claims: { userId, role: role as Role } };
    } catch (error) {
      return error instanceof errors.JWTExpired ? { status: 'expired' } : { status: 'invalid' };
    }
  }
}

/** A random opaque token and the hash that is stored in its place. */
export function createOpaqueToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashOpaqueToken(token) };
}

export function hashOpaqueToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function newTokenFamily(): string {
  return randomUUID();
}
