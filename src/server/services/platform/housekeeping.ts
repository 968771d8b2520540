import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { Mailer } from '../mail/mailer.js';
import { purgeGuestRecords } from '../orders/purge.js';
import { purgeStockAlerts } from '../stock-alerts/purge.js';
import { purgePopularSearches } from '../catalogue/search/popular.js';
import { purgeWebhookEvents } from '../webhooks/purge.js';
import { cutoffPollMs } from '../accounts/token-cutoffs.js';
import { ACCESS_TOKEN_TTL_SECONDS } from '../accounts/token-lifetimes.js';

/** How long what is no longer needed is kept (README → Housekeeping). */
export const retention = {
  /** A letter kept in the outbox without SMTP: its links (24 h at most) are dead by then. */
  keptLetterHours: 24,
  /** A sent or given-up letter's record (its text is already erased when sent). */
  sentLetterDays: 30,
  helpMessageDays: 365,
  /** An address that never opened its confirmation link: its link dies with it. */
  unconfirmedSubscriberDays: 30,
  callbackRequestDays: 365,
  /** A network the account has not signed in from for this long is a stranger's again. */
  signinNetworkDays: 90,
  /** A token cut-off outlives the tokens it refuses by this margin (instances' clocks differ a little). */
  tokenCutoffMarginSeconds: 60,
};

export interface PurgeReport {
  sessions: number;
  accountTokens: number;
  letters: number;
  helpMessages: number;
  unconfirmedSubscribers: number;
  callbackRequests: number;
  guestBaskets: number;
  guestWishlists: number;
  guestAddresses: number;
  signinNetworks: number;
  tokenCutoffs: number;
  webhookEvents: number;
  stockAlerts: number;
  popularSearches: number;
}

/**
 * Removes rows that only grow and serve nothing any more: refresh tokens that expired or were
 * revoked (a revoked one is refused whether its row is there or not), e-mail links used or
 * expired, letters past their retention, old help-desk messages and callback requests,
 * subscription requests never confirmed, sign-in networks unseen for 90 days, token cut-offs
 * older than an access token's life (every token they refuse has expired by then), and guests'
 * baskets, wishlists and addresses nobody uses, webhook events older than 30 days, and stock
 * alerts never confirmed or long done.
 */
export async function purgeExpired(db: Db): Promise<PurgeReport> {
  const count = (result: { numDeletedRows: bigint }) => Number(result.numDeletedRows);
  const sessions = await db.deleteFrom('sessions').where((eb) => eb.or([eb('expiresAt', '<', new Date()), eb('revokedAt', 'is not', null)])).executeTakeFirst();
  const accountTokens = await db
    .deleteFrom('accountTokens')
    .where((eb) => eb.or([eb('usedAt', 'is not', null), eb('expiresAt', '<', new Date())]))
    .executeTakeFirst();
  const letters = await db
    .deleteFrom('mailOutbox')
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'kept'), eb('createdAt', '<', sql<Date>`now() - make_interval(hours => ${retention.keptLetterHours})`)]),
        eb.and([eb('status', 'in', ['sent', 'failed']), eb('createdAt', '<', sql<Date>`now() - make_interval(days => ${retention.sentLetterDays})`)]),
      ]),
    )
    .executeTakeFirst();
  const helpMessages = await db
    .deleteFrom('helpMessages')
    .where('createdAt', '<', sql<Date>`now() - make_interval(days => ${retention.helpMessageDays})`)
    .executeTakeFirst();
  const unconfirmedSubscribers = await db
    .deleteFrom('subscribers')
    .where('confirmedAt', 'is', null)
    .where('createdAt', '<', sql<Date>`now() - make_interval(days => ${retention.unconfirmedSubscriberDays})`)
    .executeTakeFirst();
  const callbackRequests = await db
    .deleteFrom('callbackRequests')
    .where('createdAt', '<', sql<Date>`now() - make_interval(days => ${retention.callbackRequestDays})`)
    .executeTakeFirst();
  const signinNetworks = await db
    .deleteFrom('signinNetworks')
    .where('lastSeenAt', '<', sql<Date>`now() - make_interval(days => ${retention.signinNetworkDays})`)
    .executeTakeFirst();
  const tokenCutoffs = await db
    .deleteFrom('tokenCutoffs')
    .where('cutoffAt', '<', sql<Date>`now() - make_interval(secs => ${ACCESS_TOKEN_TTL_SECONDS + retention.tokenCutoffMarginSeconds})`)
    .executeTakeFirst();
  return {
    sessions: count(sessions),
    accountTokens: count(accountTokens),
    letters: count(letters),
    helpMessages: count(helpMessages),
    unconfirmedSubscribers: count(unconfirmedSubscribers),
    callbackRequests: count(callbackRequests),
    signinNetworks: count(signinNetworks),
    tokenCutoffs: count(tokenCutoffs),
    ...(await purgeGuestRecords(db)),
    ...(await purgeWebhookEvents(db)),
    ...(await purgeStockAlerts(db)),
    ...(await purgePopularSearches(db)),
  };
}

export interface HousekeepingOptions {
  db: Db;
  mailer: Mailer;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  /** Reads the token cut-offs other instances wrote (services/accounts/token-cutoffs.ts); never throws. */
  pollCutoffs?: () => Promise<void>;
  purgeEveryMs?: number;
  mailEveryMs?: number;
  cutoffsEveryMs?: number;
}

/**
 * The shop's periodic work, in every instance (each task is safe to run concurrently): token
 * cut-offs every few seconds, letters due for another attempt every minute, the purge every hour,
 * the last two once at start-up as well (the first cut-off poll is awaited before serving).
 */
export function startHousekeeping({
  db,
  mailer,
  log,
  pollCutoffs,
  purgeEveryMs = 3_600_000,
  mailEveryMs = 60_000,
  cutoffsEveryMs = cutoffPollMs,
}: HousekeepingOptions): { stop(): Promise<void> } {
  const running = new Set<Promise<unknown>>();
  const run = (name: string, task: () => Promise<unknown>) => {
    const job = task()
      .then((result) => {
        if (result && typeof result === 'object' && Object.values(result).some((value) => value !== 0)) log.info({ [name]: result }, `housekeeping: ${name}`);
      })
      .catch((error: unknown) => log.warn({ err: error }, `housekeeping: ${name} failed`))
      .finally(() => running.delete(job));
    running.add(job);
  };
  const purge = () => run('purge', () => purgeExpired(db));
  const mail = () => run('mail', () => mailer.deliverDue().then((sent) => ({ sent })));
  const timers = [setInterval(purge, purgeEveryMs), setInterval(mail, mailEveryMs)];
  if (pollCutoffs) timers.push(setInterval(() => run('cutoffs', pollCutoffs), cutoffsEveryMs));
  for (const timer of timers) timer.unref();
  purge();
  mail();
  return {
    async stop() {
      for (const timer of timers) clearInterval(timer);
      await Promise.all([...running]);
    },
  };
}
