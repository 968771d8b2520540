import type { Db } from '../db/connection.js';
import type { Role } from '../db/schema.js';
import { createOpaqueToken, newTokenFamily, REFRESH_TOKEN_TTL_MS, type TokenService } from './tokens.js';

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
