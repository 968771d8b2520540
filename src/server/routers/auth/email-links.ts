import type { ExpressionBuilder } from 'kysely';
import type { Context } from '../../context.js';
import type { Db } from '../../db/connection.js';
import type { Database } from '../../db/schema.js';
import type { AccountTokenPurpose } from '../../db/tables/accounts.js';
import { confirmEmailLetter, resetPasswordLetter } from '../../services/mail-templates.js';
import { createOpaqueToken, hashOpaqueToken } from '../../services/tokens.js';
import { findUserByEmail } from './users.repo.js';

/** PRODUCT.md: confirmation links live 24 hours, reset links 1 hour; both work once. */
const TOKEN_TTL_MS: Record<AccountTokenPurpose, number> = {
  confirm: 24 * 60 * 60 * 1000,
  reset: 60 * 60 * 1000,
};

/** A new link for the user; earlier unused links of the same purpose stop working. */
export async function issueAccountToken(db: Db, userId: number, purpose: AccountTokenPurpose): Promise<string> {
  const { token, hash } = createOpaqueToken();
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('accountTokens').where('userId', '=', userId).where('purpose', '=', purpose).where('usedAt', 'is', null).execute();
    await trx
      .insertInto('accountTokens')
      .values({ userId, purpose, tokenHash: hash, expiresAt: new Date(Date.now() + TOKEN_TTL_MS[purpose]) })
      .execute();
  });
  return token;
}

/** An unused, unexpired link of the purpose. Tokens are looked up by their SHA-256, never compared. */
function isLive(eb: ExpressionBuilder<Database, 'accountTokens'>, token: string, purpose: AccountTokenPurpose) {
  return eb.and([
    eb('tokenHash', '=', hashOpaqueToken(token)),
    eb('purpose', '=', purpose),
    eb('usedAt', 'is', null),
    eb('expiresAt', '>', new Date()),
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

/** Uses a link up (single use): the atomic update lets only one of two simultaneous clicks through. */
export async function consumeAccountToken(db: Db, token: string, purpose: AccountTokenPurpose): Promise<number | null> {
  const row = await db
    .updateTable('accountTokens')
    .set({ usedAt: new Date() })
    .where((eb) => isLive(eb, token, purpose))
    .returning('userId')
    .executeTakeFirst();
  return row?.userId ?? null;
}

/** Storefront routes the letters link to (PRODUCT.md): /confirm/{token} and /reset/{token}. */
function storefrontLink(ctx: Pick<Context, 'config'>, route: 'confirm' | 'reset', token: string): string {
  return `${ctx.config.publicUrl}/${route}/${token}`;
}

/** Sends (in the background) a fresh confirmation link to the user's address. */
export function sendConfirmationLink(ctx: Pick<Context, 'config' | 'db' | 'mailer'>, user: { id: number; email: string; firstName: string }): void {
  ctx.mailer.sendInBackground(async () => {
    const token = await issueAccountToken(ctx.db, user.id, 'confirm');
    return confirmEmailLetter({ to: user.email, firstName: user.firstName, link: storefrontLink(ctx, 'confirm', token) });
  });
}

/** Sends (in the background) a reset link if the address is registered; nothing otherwise. */
export function sendResetLink(ctx: Pick<Context, 'config' | 'db' | 'mailer'>, email: string): void {
  ctx.mailer.sendInBackground(async () => {
    const user = await findUserByEmail(ctx.db, email);
    if (!user) return null;
    const token = await issueAccountToken(ctx.db, user.id, 'reset');
    return resetPasswordLetter({ to: user.email, firstName: user.firstName, link: storefrontLink(ctx, 'reset', token) });
  });
}
