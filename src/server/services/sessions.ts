import type { Db } from '../db/connection.js';
import type { Role } from '../db/schema.js';
import { createOpaqueToken, hashOpaqueToken, newTokenFamily, REFRESH_TOKEN_TTL_MS, type TokenService } from './tokens.js';

export interface SessionTokens {
  accessToken: string;
  refreshToken: string;
}

/** Starts a new refresh-token family for a sign-in and returns both tokens. */
export async function startSession(
  db: Db,
  tokens: TokenService,
  user: { id: number; role: Role },
): Promise<SessionTokens> {
  const refresh = createOpaqueToken();
  await db
    .insertInto('sessions')
    .values({
      userId: user.id,
      familyId: newTokenFamily(),
      tokenHash: refresh.hash,
      expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_MS),
    })
    .execute();
  return { accessToken: await tokens.signAccess({ userId: user.id, role: user.role }), refreshToken: refresh.token };
}

export type RotationResult = { status: 'rotated'; tokens: SessionTokens } | { status: 'refused' };

/**
 * Exchanges a refresh token for a new pair (PRODUCT.md: rotated on every use). A token that was
 * already used or revoked is refused, and its whole family is revoked: whoever holds the stolen
 * copy and the rightful owner both have to sign in again.
 */
export async function rotateRefreshToken(db: Db, tokens: TokenService, refreshToken: string): Promise<RotationResult> {
  const tokenHash = hashOpaqueToken(refreshToken);
  return db.transaction().execute(async (trx) => {
    const current = await trx
      .updateTable('sessions')
      .set({ usedAt: new Date() })
      .where('tokenHash', '=', tokenHash)
      .where('usedAt', 'is', null)
      .where('revokedAt', 'is', null)
      .where('expiresAt', '>', new Date())
      .returning(['userId', 'familyId'])
      .executeTakeFirst();
    if (!current) {
      const reused = await trx.selectFrom('sessions').select('familyId').where('tokenHash', '=', tokenHash).executeTakeFirst();
      if (reused) await revokeFamily(trx, reused.familyId);
      return { status: 'refused' as const };
    }
    const user = await trx.selectFrom('users').select(['id', 'role']).where('id', '=', current.userId).executeTakeFirst();
    if (!user) return { status: 'refused' as const };
    const next = createOpaqueToken();
    await trx
      .insertInto('sessions')
      .values({ userId: user.id, familyId: current.familyId, tokenHash: next.hash, expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_MS) })
      .execute();
    return {
      status: 'rotated' as const,
      tokens: { accessToken: await tokens.signAccess({ userId: user.id, role: user.role }), refreshToken: next.token },
    };
  });
}

async function revokeFamily(db: Db, familyId: string): Promise<void> {
  await db.updateTable('sessions').set({ revokedAt: new Date() }).where('familyId', '=', familyId).where('revokedAt', 'is', null).execute();
}

/** Sign-out everywhere, password change and reset revoke every refresh token of the user. */
export async function revokeAllSessions(db: Db, userId: number): Promise<void> {
  await db.updateTable('sessions').set({ revokedAt: new Date() }).where('userId', '=', userId).where('revokedAt', 'is', null).execute();
}

/** Sign-out: the refresh token's family (this sign-in and its rotations) stops working. */
export async function endSession(db: Db, refreshToken: string): Promise<void> {
  const session = await db.selectFrom('sessions').select('familyId').where('tokenHash', '=', hashOpaqueToken(refreshToken)).executeTakeFirst();
  if (session) await revokeFamily(db, session.familyId);
}
