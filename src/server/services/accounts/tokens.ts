import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { Role } from '../../db/tables/accounts.js';
import type { TokenCutoffs } from './token-cutoffs.js';
import { ACCESS_TOKEN_TTL_SECONDS } from './token-lifetimes.js';


export interface AccessClaims {
  userId: number;
  role: Role;
}

export type AccessCheck =
  | { status: 'valid'; claims: AccessClaims }
  | { status: 'expired' }
  | { status: 'invalid' };

const roles: ReadonlySet<string> = new Set<Role>(['User', 'SuperUser', 'Admin']);

/**
 * Access tokens are short-lived HS256 JWTs; refresh tokens are opaque and stored hashed. A token
 * carries its issue time in milliseconds (`iatMs`; the standard `iat` has whole seconds), so that
 * a token signed just after a cut-off, within the same second, is told from one signed before.
 * Verifying reads the signature, the expiry and the in-memory cut-offs: never the database.
 */
export class TokenService {
  readonly #key: Uint8Array;
  readonly cutoffs: TokenCutoffs;

  constructor(secret: string, cutoffs: TokenCutoffs) {
    this.#key = new TextEncoder().encode(secret);
    this.cutoffs = cutoffs;
  }

  signAccess(claims: AccessClaims): Promise<string> {
    const nowMs = Date.now();
    const issuedAt = Math.floor(nowMs / 1000);
    return new SignJWT({ role: claims.role, iatMs: nowMs })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.userId))
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + ACCESS_TOKEN_TTL_SECONDS)
      .sign(this.#key);
  }

  /** A 256-bit key for another purpose (e.g. sealing order links), derived from the signing key. */
  derivedKey(purpose: string): Buffer {
    return createHmac('sha256', this.#key).update(purpose).digest();
  }

  async verifyAccess(token: string): Promise<AccessCheck> {
    try {
      const { payload } = await jwtVerify(token, this.#key, { algorithms: ['HS256'] });
      const userId = Number(payload.sub);
      const role = payload['role'];
      if (!Number.isInteger(userId) || typeof role !== 'string' || !roles.has(role)) return { status: 'invalid' };
      // A token from before `iatMs` existed counts from the start of its second (refused when in doubt).
      const issuedAtMs = typeof payload['iatMs'] === 'number' ? payload['iatMs'] : (payload.iat ?? 0) * 1000;
      // Cut off (password changed, role changed, account deleted): answered as expired, so the
      // client refreshes, and its refresh token, revoked with the change, signs it out.
      if (this.cutoffs.isCutOff(userId, issuedAtMs)) return { status: 'expired' };
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
