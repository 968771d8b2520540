import { TRPCError } from '@trpc/server';
import { sql } from 'kysely';
import { domainMessages } from '../../../shared/errors.js';
import type { User } from '../../../shared/schemas/accounts.js';
import type { Context } from '../../context.js';
import type { Db } from '../../db/connection.js';
import { verifyPassword } from './passwords.js';
import { clientKey } from '../platform/rate-limit.js';
import { publicUserColumns } from './users.js';
import { signinWarningLetter } from './signin-warning-letter.js';

type SigninContext = Pick<Context, 'config' | 'db' | 'mailer' | 'rateLimits' | 'ip'>;

/**
 * Password sign-in (the shop's and the admin's), guarded so that guessing stays bounded while
 * strangers cannot lock the owner out:
 * - failures are counted per (account, client network) pair (`clientKey`: an IPv4 address, an
 *   IPv6 /64): past SIGNIN_FAILURES_PER_NETWORK in its window that pair answers 429, no other;
 * - and per account over all networks (SIGNIN_ACCOUNT_FAILURE_BUDGET per window). While that
 *   budget is used up, networks the account has signed in from before are still checked as usual;
 *   any other answers 429 without the password being checked, so guesses stay bounded per window.
 *   The owner gets one warning letter per window meanwhile.
 * Unknown addresses are counted the same way and get the same answers: nothing tells which exist.
 */
export async function signInWithPassword(ctx: SigninContext, email: string, password: string): Promise<User> {
  const account = email.trim().toLowerCase();
  const network = clientKey(ctx.ip);
  const pair = `${account} ${network}`;
  const pairState = await ctx.rateLimits.state('signinNetwork', pair);
  if (pairState.exhausted) {
    const minutes = Math.max(1, Math.ceil(pairState.msBeforeReset / 60_000));
    throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: `${domainMessages.signinNetworkLockedPrefix} ${minutes} мин.` });
  }
  // One statement whether or not the account exists (the same work, the same time).
  const found = await findAccount(ctx.db, account, network);
  if ((await ctx.rateLimits.isExhausted('signinAccount', account)) && !found?.knownNetwork) {
    warnOwner(ctx, found);
    throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: domainMessages.accountSigninLocked });
  }
  if (!found || !(await verifyPassword(found.passwordHash, password))) {
    const [, withinBudget] = await Promise.all([ctx.rateLimits.consume('signinNetwork', pair), ctx.rateLimits.consume('signinAccount', account)]);
    if (!withinBudget) warnOwner(ctx, found);
    throw new TRPCError({ code: 'UNAUTHORIZED', message: domainMessages.wrongCredentials });
  }
  await rememberNetwork(ctx.db, found.id, ctx.ip);
  await ctx.rateLimits.forget('signinNetwork', pair);
  const { passwordHash: _hash, knownNetwork: _known, ...user } = found;
  return user;
}

function findAccount(db: Db, email: string, network: string) {
  return db
    .selectFrom('users')
    .select([
      ...publicUserColumns,
      'passwordHash',
      (eb) =>
        eb
          .exists(eb.selectFrom('signinNetworks').select('signinNetworks.userId').whereRef('signinNetworks.userId', '=', 'users.id').where('signinNetworks.network', '=', network))
          .as('knownNetwork'),
    ])
    .where('email', '=', email)
    .executeTakeFirst();
}

/**
 * The client network counts as the account's own from now on (for 90 days unseen): a sign-in with
 * the password, and also sign-up, a confirmation link and a reset link, which prove the owner too.
 */
export async function rememberNetwork(db: Db, userId: number, ip: string): Promise<void> {
  await db
    .insertInto('signinNetworks')
    .values({ userId, network: clientKey(ip) })
    .onConflict((oc) => oc.columns(['userId', 'network']).doUpdateSet({ lastSeenAt: sql<Date>`now()` }))
    .execute();
}

/** One letter per budget window to the owner (if the account exists), within the address's letter limit. */
function warnOwner(ctx: SigninContext, owner: { email: string; firstName: string } | undefined): void {
  if (!owner) return;
  ctx.mailer.sendInBackground(async () => {
    if (!(await ctx.rateLimits.consume('signinWarning', owner.email))) return null;
    if (!(await ctx.rateLimits.consume('letter', owner.email))) return null;
    return signinWarningLetter({ to: owner.email, firstName: owner.firstName, shopUrl: ctx.config.publicUrl });
  });
}
