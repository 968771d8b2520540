import type { Db } from '../../db/connection.js';
import type { Role } from '../../db/tables/accounts.js';
import { cutOffAccessTokens } from './token-cutoffs.js';
import { REFRESH_TOKEN_TTL_MS } from './token-lifetimes.js';
import { createOpaqueToken, hashOpaqueToken, newTokenFamily, type TokenService } from './tokens.js';

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
 * Exchanges a refresh token for a new pair. Clients that store the new refresh token (ours)
 * rotate; an integrator's client that keeps its first refresh token (the REST API allows it) may
 * present it again for the token's whole life. A used token presented again counts as stolen only
 * when a newer token of its family has already been used: then the real owner has moved on, so
 * whoever holds the old one is not them, and the whole family is revoked.
 */
export async function rotateRefreshToken(db: Db, tokens: TokenService, refreshToken: string): Promise<RotationResult> {
  const tokenHash = hashOpaqueToken(refreshToken);
  return db.transaction().execute(async (trx) => {
    // Locked: two refreshes with the same token at once are served one after the other.
    const presented = await trx
      .selectFrom('sessions')
      .select(['id', 'userId', 'familyId', 'usedAt', 'revokedAt', 'expiresAt'])
      .where('tokenHash', '=', tokenHash)
      .forUpdate()
      .executeTakeFirst();
    if (!presented || presented.revokedAt || presented.expiresAt <= new Date()) return { status: 'refused' as const };
    if (presented.usedAt) {
      const newerUsed = await trx
        .selectFrom('sessions')
        .select('id')
        .where('familyId', '=', presented.familyId)
        .where('id', '>', presented.id)
        .where('usedAt', 'is not', null)
        .executeTakeFirst();
      if (newerUsed) {
        await revokeFamily(trx, presented.familyId);
        return { status: 'refused' as const };
      }
    } else {
      await trx.updateTable('sessions').set({ usedAt: new Date() }).where('id', '=', presented.id).execute();
    }
    const user = await trx.selectFrom('users').select(['id', 'role']).where('id', '=', presented.userId).executeTakeFirst();
    if (!user) return { status: 'refused' as const };
    const next = createOpaqueToken();
    await trx
      .insertInto('sessions')
      .values({ userId: user.id, familyId: presented.familyId, tokenHash: next.hash, expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_MS) })
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

/**
 * Password change and reset, a new role: every refresh token of the user is revoked and every
 * access token it holds is cut off (refused within seconds on every instance). Run it inside the
 * transaction that makes the change.
 */
export async function revokeAllSessions(db: Db, tokens: TokenService, userId: number): Promise<void> {
  await db.updateTable('sessions').set({ revokedAt: new Date() }).where('userId', '=', userId).where('revokedAt', 'is', null).execute();
  await cutOffAccessTokens(db, tokens.cutoffs, userId);
}

/** Sign-out: the refresh token's family (this sign-in and its rotations) stops working. */
export async function endSession(db: Db, refreshToken: string): Promise<void> {
  const session = await db.selectFrom('sessions').select('familyId').where('tokenHash', '=', hashOpaqueToken(refreshToken)).executeTakeFirst();
  if (session) await revokeFamily(db, session.familyId);
}
