import { randomBytes } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import { sql } from 'kysely';
import type { z } from 'zod';
import { domainMessages } from '../../../shared/errors.js';
import type { Subscriber, subscriberListSchema } from '../../../shared/schemas/content.js';
import type { Context } from '../../context.js';
import type { Db } from '../../db/connection.js';
import { containsPattern } from '../../db/like.js';
import { inTransaction } from '../../db/transaction.js';
import { createOpaqueToken, hashOpaqueToken } from '../accounts/tokens.js';
import { recordConsent } from './consents.js';
import { confirmSubscriptionLetter, welcomeSubscriberLetter } from './letters.js';

type Services = Pick<Context, 'db' | 'config' | 'mailer' | 'rateLimits' | 'ip'>;

const unsubscribeLink = (services: Services, mailId: string) => `${services.config.publicUrl}/unsubscribe/${mailId}`;

/**
 * Double opt-in: a new address gets a letter with a confirmation link and is a subscriber only
 * once it is opened. The answer is the same whatever the address's state, so it tells nobody who
 * is subscribed; an unconfirmed address asking again gets a fresh link (the older one stops
 * working), within the per-address letter limit.
 */
export async function subscribe(services: Services, rawEmail: string): Promise<{ ok: true }> {
  const email = rawEmail.toLowerCase();
  const { token, hash } = createOpaqueToken();
  const row = await inTransaction(services.db, async (trx) => {
    const existing = await trx.selectFrom('subscribers').select(['id', 'mailId', 'confirmedAt']).where('email', '=', email).forUpdate().executeTakeFirst();
    if (existing) await recordConsent(trx, { kind: 'subscription', subjectId: existing.id, contact: email, ip: services.ip });
    if (existing?.confirmedAt) return null;
    if (existing) {
      await trx.updateTable('subscribers').set({ confirmTokenHash: hash }).where('email', '=', email).execute();
      return { mailId: existing.mailId };
    }
    const added = await trx
      .insertInto('subscribers')
      .values({ email, mailId: randomBytes(24).toString('base64url'), confirmTokenHash: hash })
      .onConflict((oc) => oc.column('email').doNothing())
      .returning(['id', 'mailId'])
      .executeTakeFirst();
    if (added) await recordConsent(trx, { kind: 'subscription', subjectId: added.id, contact: email, ip: services.ip });
    return added;
  });
  if (row && (await services.rateLimits.consume('letter', email))) {
    const confirmLink = `${services.config.publicUrl}/subscribe/confirm/${token}`;
    services.mailer.sendInBackground(() => Promise.resolve(confirmSubscriptionLetter({ to: email, confirmLink, unsubscribeLink: unsubscribeLink(services, row.mailId) })));
  }
  return { ok: true };
}

/** The confirmation link: the address becomes a subscriber, and is welcomed (with its unsubscribe link). */
export async function confirmSubscription(services: Services, token: string): Promise<{ email: string; confirmed: boolean }> {
  const row = await services.db
    .updateTable('subscribers')
    .set({ confirmedAt: sql<Date>`now()`, confirmTokenHash: null })
    .where('confirmTokenHash', '=', hashOpaqueToken(token))
    .where('confirmedAt', 'is', null)
    .returning(['email', 'mailId'])
    .executeTakeFirst();
  if (!row) throw new TRPCError({ code: 'BAD_REQUEST', message: domainMessages.invalidLink });
  services.mailer.sendInBackground(() => Promise.resolve(welcomeSubscriberLetter({ to: row.email, unsubscribeLink: unsubscribeLink(services, row.mailId) })));
  return { email: row.email, confirmed: true };
}

const columns = ['id', 'email', 'mailId', 'confirmedAt', 'createdAt'] as const;
const shaped = (row: Omit<Subscriber, 'confirmed'>): Subscriber => ({ ...row, confirmed: row.confirmedAt !== null });

export async function listSubscribers(db: Db, input: z.output<typeof subscriberListSchema>): Promise<{ rows: Subscriber[]; length: number }> {
  let filtered = db.selectFrom('subscribers');
  if (input.email) filtered = filtered.where('email', 'ilike', containsPattern(input.email));
  if (input.confirmed !== undefined) filtered = filtered.where('confirmedAt', input.confirmed ? 'is not' : 'is', null);
  const [rows, total] = await Promise.all([
    filtered.select(columns).orderBy(input.sortBy, input.orderBy).orderBy('id', input.orderBy).limit(input.limit).offset(input.offset).execute(),
    filtered.select((eb) => eb.fn.countAll<number>().as('length')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(shaped), length: Number(total.length) };
}

/** The owner of an unsubscribe link sees their own address and whether it is confirmed. */
export async function getSubscription(db: Db, mailId: string): Promise<{ email: string; confirmed: boolean }> {
  const row = await db.selectFrom('subscribers').select(['email', 'confirmedAt']).where('mailId', '=', mailId).executeTakeFirst();
  if (!row) throw new TRPCError({ code: 'NOT_FOUND' });
  return { email: row.email, confirmed: row.confirmedAt !== null };
}

export async function unsubscribe(db: Db, mailId: string): Promise<{ ok: true }> {
  const result = await db.deleteFrom('subscribers').where('mailId', '=', mailId).executeTakeFirst();
  if (result.numDeletedRows === 0n) throw new TRPCError({ code: 'NOT_FOUND' });
  return { ok: true };
}

/** GET /subscribes/files: every confirmed subscriber, oldest first. */
export async function exportSubscribers(db: Db): Promise<Array<{ email: string; confirmedAt: string }>> {
  const rows = await db.selectFrom('subscribers').select(['email', 'confirmedAt']).where('confirmedAt', 'is not', null).orderBy('confirmedAt').orderBy('id').execute();
  return rows.map((row) => ({ email: row.email, confirmedAt: (row.confirmedAt ?? new Date()).toISOString() }));
}

/** «subscribers-2026-11-23.json»: the export is named by today's date (in Moscow, the shop's time). */
export function exportFileName(now: Date = new Date()): string {
  const day = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Moscow', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  return `subscribers-${day}.json`;
}
