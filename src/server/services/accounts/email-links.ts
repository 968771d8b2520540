import type { Context } from '../../context.js';
import { confirmEmailLetter, resetPasswordLetter } from '../mail/templates.js';
import { issueAccountToken } from './account-tokens.js';
import { findUserByEmail } from './users.js';

/** Storefront routes the letters link to: /confirm/{token} and /reset/{token} (docs/accounts.md). */
function storefrontLink(ctx: Pick<Context, 'config'>, route: 'confirm' | 'reset', token: string): string {
  return `${ctx.config.publicUrl}/${route}/${token}`;
}

type LetterContext = Pick<Context, 'config' | 'db' | 'mailer' | 'rateLimits'>;

/** Sends (in the background) a fresh confirmation link to the user's address, within the address's hourly limit. */
export function sendConfirmationLink(ctx: LetterContext, user: { id: number; email: string; firstName: string }): void {
  ctx.mailer.sendInBackground(async () => {
    if (!(await ctx.rateLimits.consume('letter', user.email))) return null;
    const token = await issueAccountToken(ctx.db, user, 'confirm');
    return confirmEmailLetter({ to: user.email, firstName: user.firstName, link: storefrontLink(ctx, 'confirm', token) });
  });
}

/**
 * Sends (in the background) a reset link if the address is registered and has not had its hourly
 * share of letters; nothing otherwise, and the caller cannot tell which.
 */
export function sendResetLink(ctx: LetterContext, email: string): void {
  ctx.mailer.sendInBackground(async () => {
    const user = await findUserByEmail(ctx.db, email);
    if (!user || !(await ctx.rateLimits.consume('letter', user.email))) return null;
    const token = await issueAccountToken(ctx.db, user, 'reset');
    return resetPasswordLetter({ to: user.email, firstName: user.firstName, link: storefrontLink(ctx, 'reset', token) });
  });
}
