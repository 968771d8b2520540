import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { Database } from '../../db/schema.js';
import type { AccountTokenPurpose } from '../../db/tables/accounts.js';
import { inTransaction } from '../../db/transaction.js';
import { createOpaqueToken, hashOpaqueToken } from './tokens.js';

/** Single-use links sent by e-mail (confirmation, reset): issued, looked up, used up, voided. */

/** Confirmation links live 24 hours, reset links 1 hour (a reset grants more); both work once. */
const TOKEN_TTL_MS: Record<AccountTokenPurpose, number> = {
  confirm: 24 * 60 * 60 * 1000,
  reset: 60 * 60 * 1000,
};

/**
 * A new link for the user, bound to the address it is sent to; earlier unused links of the same
 * purpose stop working.
 */
export async function issueAccountToken(db: Db, user: { id: number; email: string }, purpose: AccountTokenPurpose): Promise<string> {
  const { token, hash } = createOpaqueToken();
  await inTransaction(db, async (trx) => {
    await trx.deleteFrom('accountTokens').where('userId', '=', user.id).where('purpose', '=', purpose).where('usedAt', 'is', null).execute();
    await trx
      .insertInto('accountTokens')
      .values({ userId: user.id, email: user.email, purpose, tokenHash: hash, expiresAt: new Date(Date.now() + TOKEN_TTL_MS[purpose]) })
      .execute();
  });
  return token;
}

/** An e-mail change voids every link not yet used: none may act for the old address any more. */
export async function voidAccountTokens(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('accountTokens').where('userId', '=', userId).where('usedAt', 'is', null).execute();
}

/**
 * An unused, unexpired link of the purpose whose address is still the account's. Tokens are
 * looked up by their SHA-256, never compared.
 */
function isLive(eb: ExpressionBuilder<Database, 'accountTokens'>, token: string, purpose: AccountTokenPurpose) {
  return eb.and([
    eb('tokenHash', '=', hashOpaqueToken(token)),
    eb('purpose', '=', purpose),
    eb('usedAt', 'is', null),
    eb('expiresAt', '>', new Date()),
    eb.exists(eb.selectFrom('users').select('users.id').whereRef('users.id', '=', 'accountTokens.userId').whereRef('users.email', '=', 'accountTokens.email')),
  ]);
}

/** The user a live link belongs to, without using it up; null for an unknown, used or expired link. */
export async function peekAccountToken(db: Db, token: string, purpose: AccountTokenPurpose): Promise<number | null> {
  const row = await db
    .selectFrom('accountTokens')
    .select('userId')
    .where((eb) => isLive(eb, token, purpose))
    .executeTakeFirst();
  return row?.userId ?? null;
}

/**
 * Uses a link up (single use): the atomic update lets only one of two simultaneous clicks
 * through. The caller acts on the user only while the address is still the link's: it updates the
 * user `where email = <the link's address>` in the same transaction (see `linkOwner`).
 */
export async function consumeAccountToken(db: Db, token: string, purpose: AccountTokenPurpose): Promise<{ userId: number; email: string } | null> {
  const row = await db
    .updateTable('accountTokens')
    .set({ usedAt: new Date() })
    .where((eb) => isLive(eb, token, purpose))
    .returning(['userId', 'email'])
    .executeTakeFirst();
  return row ?? null;
}
