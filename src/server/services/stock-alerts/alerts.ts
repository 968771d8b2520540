import { randomBytes } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import { sql } from 'kysely';
import type { z } from 'zod';
import { domainMessages } from '../../../shared/errors.js';
import { toKopecks, toRubles } from '../../../shared/money.js';
import { stockAlertMessages, type StockAlert, type StockAlertKind, type stockAlertInputSchema } from '../../../shared/schemas/stock-alerts.js';
import type { Context } from '../../context.js';
import type { Db } from '../../db/connection.js';
import { inTransaction } from '../../db/transaction.js';
import { createOpaqueToken, hashOpaqueToken } from '../accounts/tokens.js';
import { confirmAlertLetter } from './letters.js';
import { notifyConfirmed } from './notify.js';
import { stockAlertLinks } from './settings.js';

type Services = Pick<Context, 'db' | 'config' | 'mailer' | 'rateLimits' | 'user'>;
type AlertInput = z.output<typeof stockAlertInputSchema>;

interface ItemRow {
  price: number;
  stock: number;
  availability: boolean;
  productName: string;
  colorName: string | null;
  sizeName: string | null;
}

/** The item the shopper looks at: its colour's price, its stock, and names for the letter. */
async function readItem(db: Db, variantId: number, sizeId: number | null): Promise<ItemRow> {
  const { rows } = await sql<ItemRow>`
    select v.price, i.stock, p.availability, p.name as "productName", c.name as "colorName", z.name as "sizeName"
    from variant_items i
    join product_variants v on v.id = i.variant_id
    join products p on p.id = v.product_id
    left join colors c on c.id = v.color_id
    left join sizes z on z.id = i.size_id
    where i.variant_id = ${variantId} and i.size_id is not distinct from ${sizeId}`.execute(db);
  const row = rows[0];
  if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: stockAlertMessages.itemNotFound });
  return row;
}

async function recipient(services: Services, input: AlertInput): Promise<{ email: string; userId: number | null }> {
  if (services.user) {
    const user = await services.db.selectFrom('users').select('email').where('id', '=', services.user.id).executeTakeFirst();
    if (user) return { email: user.email.toLowerCase(), userId: services.user.id };
  }
  if (!input.email) throw new TRPCError({ code: 'BAD_REQUEST', message: stockAlertMessages.emailRequired });
  return { email: input.email, userId: null };
}

/**
 * POST /stock-alerts: wait for a sold-out item, and optionally for its colour's price to go below
 * the price seen (or today's, when lower: a price sent higher than today's does not fire at once).
 * Signed in: active at once, to the account's address. A guest: one letter with a confirmation
 * link; the alerts wait only once it is opened. The guest's answer is the same whatever the
 * address's state (it tells nobody who waits for what); asking again replaces the pending link
 * (one pending confirmation per address and item), within the per-address letter limit.
 */
export async function createAlert(services: Services, input: AlertInput): Promise<{ status: 'active' | 'confirmation' }> {
  const item = await readItem(services.db, input.variantId, input.sizeId);
  if (item.stock > 0 && item.availability) throw new TRPCError({ code: 'BAD_REQUEST', message: stockAlertMessages.inStock });
  const { email, userId } = await recipient(services, input);
  const seenPrice = Math.min(input.price === undefined ? item.price : toKopecks(input.price), item.price);
  const kinds: StockAlertKind[] = input.priceDrop ? ['restock', 'price'] : ['restock'];
  const { token, hash } = createOpaqueToken();
  const signedIn = userId !== null;

  const rows = await inTransaction(services.db, async (trx) => {
    const saved: Array<{ mailId: string; confirmed: boolean }> = [];
    for (const kind of kinds) {
      const price = kind === 'price' ? seenPrice : null;
      const { rows: [row] } = await sql<{ mailId: string; confirmed: boolean }>`
        insert into stock_alerts as a (variant_id, size_id, kind, email, user_id, seen_price, mail_id, confirm_token_hash, confirmed_at)
        values (${input.variantId}, ${input.sizeId}, ${kind}, ${email}, ${userId}, ${price}, ${randomBytes(24).toString('base64url')},
          ${signedIn ? null : hash}, ${signedIn ? sql`now()` : null})
        on conflict (email, variant_id, size_id, kind) where notified_at is null do update set
          seen_price = case when a.confirmed_at is null or ${signedIn}::boolean then excluded.seen_price else a.seen_price end,
          user_id = coalesce(excluded.user_id, a.user_id),
          confirm_token_hash = case when a.confirmed_at is null and not ${signedIn}::boolean then excluded.confirm_token_hash else null end,
          confirmed_at = coalesce(a.confirmed_at, excluded.confirmed_at)
        returning mail_id as "mailId", confirmed_at is not null as confirmed`.execute(trx);
      if (row) saved.push(row);
    }
    return saved;
  });
  if (signedIn) return { status: 'active' };

  const pending = rows.find((row) => !row.confirmed);
  if (pending && (await services.rateLimits.consume('letter', email))) {
    const { publicUrl } = services.config;
    const letter = confirmAlertLetter({
      to: email,
      item,
      priceDrop: input.priceDrop,
      confirmLink: stockAlertLinks.confirm(publicUrl, token),
      cancelLink: stockAlertLinks.cancel(publicUrl, pending.mailId),
    });
    services.mailer.sendInBackground(() => Promise.resolve(letter));
  }
  return { status: 'confirmation' };
}

/** What the owner of a link sees of an alert. */
const alertView = sql`
  select a.id, a.email, a.kind, p.name as "productName", p.url as "productUrl", c.name as "colorName", z.name as "sizeName",
    a.seen_price as "seenPrice", a.confirmed_at is not null as confirmed, a.notified_at is not null as done
  from stock_alerts a
  join product_variants v on v.id = a.variant_id
  join products p on p.id = v.product_id
  left join colors c on c.id = v.color_id
  left join sizes z on z.id = a.size_id`;

type AlertRow = Omit<StockAlert, 'seenPrice'> & { id: number; seenPrice: number | null };
const shaped = ({ id: _id, ...row }: AlertRow): StockAlert => ({ ...row, seenPrice: row.seenPrice === null ? null : toRubles(row.seenPrice) });

/**
 * The confirmation link: its alerts wait from now on, and when their moment has come already (the
 * item back, the price down) their letters are written at once, in the same transaction.
 */
export async function confirmAlerts(services: Pick<Context, 'db' | 'mailer'>, token: string): Promise<{ alerts: StockAlert[] }> {
  const alerts = await inTransaction(services.db, async (trx) => {
    const confirmed = await trx
      .updateTable('stockAlerts')
      .set({ confirmedAt: sql<Date>`now()`, confirmTokenHash: null })
      .where('confirmTokenHash', '=', hashOpaqueToken(token))
      .where('confirmedAt', 'is', null)
      .where('notifiedAt', 'is', null)
      .returning('id')
      .execute();
    if (!confirmed.length) throw new TRPCError({ code: 'BAD_REQUEST', message: domainMessages.invalidLink });
    const ids = confirmed.map((row) => row.id);
    await notifyConfirmed(trx, ids);
    const { rows } = await sql<AlertRow>`${alertView} where a.id = any(${ids}::int[]) order by a.id`.execute(trx);
    return rows.map(shaped);
  });
  sendDueLetters(services.mailer);
  return { alerts };
}

/** After a commit that may have queued letters: with SMTP, they go out now (in the background). */
function sendDueLetters(mailer: Context['mailer']): void {
  if (mailer.transport !== 'smtp') return;
  mailer.sendInBackground(async () => {
    await mailer.deliverDue();
    return null;
  });
}

const linkNotFound = () => new TRPCError({ code: 'NOT_FOUND', message: stockAlertMessages.linkNotFound });

/** GET /stock-alerts/links/{mailId}: the alert of a letter's link, to its owner. */
export async function getAlertByLink(db: Db, mailId: string): Promise<StockAlert> {
  const { rows } = await sql<AlertRow>`${alertView} where a.mail_id = ${mailId}`.execute(db);
  const row = rows[0];
  if (!row) throw linkNotFound();
  return shaped(row);
}

/** DELETE /stock-alerts/links/{mailId}: this alert no longer waits. */
export async function cancelAlert(db: Db, mailId: string): Promise<{ cancelled: number }> {
  const result = await db.deleteFrom('stockAlerts').where('mailId', '=', mailId).executeTakeFirst();
  if (result.numDeletedRows === 0n) throw linkNotFound();
  return { cancelled: 1 };
}

/** DELETE /stock-alerts/links/{mailId}/all: every alert of the link's address, waiting or done, is removed. */
export async function cancelAllAlerts(db: Db, mailId: string): Promise<{ cancelled: number }> {
  const owner = await db.selectFrom('stockAlerts').select('email').where('mailId', '=', mailId).executeTakeFirst();
  if (!owner) throw linkNotFound();
  const removed = await db.deleteFrom('stockAlerts').where('email', '=', owner.email).returning('notifiedAt').execute();
  return { cancelled: removed.filter((row) => row.notifiedAt === null).length };
}
