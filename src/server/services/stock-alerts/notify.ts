import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { Letter } from '../mail/mailer.js';
import { priceDropLetter, restockLetter } from './letters.js';
import { stockAlertLetterSettings, stockAlertLinks } from './settings.js';

/**
 * The stock and price writers call these in their own transaction, after their change: every
 * confirmed alert still waiting whose moment has come is marked done and its letter written to
 * the mail outbox, in that same transaction. A rolled-back change therefore sends nothing, and a
 * done alert never sends again (a second change finds it done; two changes at once are ordered
 * by the row lock, and the second sees `notified_at` set). Nothing is written when no alert is due.
 *
 * - `notifyRestocked(trx, itemIds)`: items whose stock may have gone above 0 (a product save,
 *   a bulk stock change, a cancelled order giving stock back). An item of a withdrawn product
 *   waits until the product is on sale again (that save calls this again).
 * - `notifyPriceDrops(trx, variantIds)`: colours whose price may have gone down.
 */

interface FiredAlert {
  id: number;
  kind: 'restock' | 'price';
  email: string;
  mailId: string;
  seenPrice: number | null;
  price: number;
  productName: string;
  productUrl: string;
  colorName: string | null;
  sizeName: string | null;
}

/** Marks the due alerts done and answers them with what their letters say. */
async function fire(trx: Db, due: RawBuilder<unknown>): Promise<FiredAlert[]> {
  const { rows } = await sql<FiredAlert>`
    with fired as (
      update stock_alerts a set notified_at = now()
      where a.id in (${due}) and a.notified_at is null
      returning a.id, a.kind, a.email, a.mail_id, a.seen_price, a.variant_id, a.size_id
    )
    select f.id, f.kind, f.email, f.mail_id as "mailId", f.seen_price as "seenPrice", v.price,
      p.name as "productName", p.url as "productUrl", c.name as "colorName", z.name as "sizeName"
    from fired f
    join product_variants v on v.id = f.variant_id
    join products p on p.id = v.product_id
    left join colors c on c.id = v.color_id
    left join sizes z on z.id = f.size_id
    order by f.id`.execute(trx);
  return rows;
}

function letterOf(alert: FiredAlert, publicUrl: string): Letter {
  const item = { productName: alert.productName, colorName: alert.colorName, sizeName: alert.sizeName };
  const links = { productLink: stockAlertLinks.product(publicUrl, alert.productUrl), cancelLink: stockAlertLinks.cancel(publicUrl, alert.mailId) };
  if (alert.kind === 'price') return priceDropLetter({ to: alert.email, item, seenPrice: alert.seenPrice ?? alert.price, price: alert.price, ...links });
  return restockLetter({ to: alert.email, item, ...links });
}

/** Writes the letters into the outbox in the caller's transaction (sent after the commit, as order letters are). */
async function queueLetters(trx: Db, alerts: readonly FiredAlert[]): Promise<number> {
  if (!alerts.length) return 0;
  const { publicUrl, transport } = stockAlertLetterSettings();
  const smtp = transport === 'smtp';
  await trx
    .insertInto('mailOutbox')
    .values(
      alerts.map((alert) => {
        const letter = letterOf(alert, publicUrl);
        return { recipient: letter.to, replyTo: null, subject: letter.subject, text: letter.text, html: letter.html, status: smtp ? 'pending' : 'kept', nextAttemptAt: smtp ? new Date(0) : null };
      }),
    )
    .execute();
  return alerts.length;
}

const restockDue = (itemFilter: RawBuilder<unknown>) => sql`
  select a.id from stock_alerts a
  join variant_items i on i.variant_id = a.variant_id and i.size_id is not distinct from a.size_id
  join product_variants v on v.id = a.variant_id
  join products p on p.id = v.product_id
  where a.kind = 'restock' and a.notified_at is null and a.confirmed_at is not null
    and i.stock > 0 and p.availability and ${itemFilter}`;

const priceDue = (variantFilter: RawBuilder<unknown>) => sql`
  select a.id from stock_alerts a
  join product_variants v on v.id = a.variant_id
  join products p on p.id = v.product_id
  where a.kind = 'price' and a.notified_at is null and a.confirmed_at is not null
    and v.price < a.seen_price and p.availability and ${variantFilter}`;

/** Items whose stock may have come back (ids of `variant_items`). Answers the letters written. */
export async function notifyRestocked(trx: Db, itemIds: readonly number[]): Promise<number> {
  if (!itemIds.length) return 0;
  return queueLetters(trx, await fire(trx, restockDue(sql`i.id = any(${[...itemIds]}::int[])`)));
}

/** Every item of the products (a product save). */
export async function notifyRestockedProducts(trx: Db, productIds: readonly number[]): Promise<number> {
  if (!productIds.length) return 0;
  return queueLetters(trx, await fire(trx, restockDue(sql`v.product_id = any(${[...productIds]}::int[])`)));
}

/** Colours whose price may have gone down. Answers the letters written. */
export async function notifyPriceDrops(trx: Db, variantIds: readonly number[]): Promise<number> {
  if (!variantIds.length) return 0;
  return queueLetters(trx, await fire(trx, priceDue(sql`v.id = any(${[...variantIds]}::int[])`)));
}

/** Alerts just confirmed: their moment may have come already (the item back, the price down). */
export async function notifyConfirmed(trx: Db, alertIds: readonly number[]): Promise<number> {
  if (!alertIds.length) return 0;
  const only = sql`a.id = any(${[...alertIds]}::int[])`;
  const restocked = await fire(trx, restockDue(only));
  const cheaper = await fire(trx, priceDue(only));
  return queueLetters(trx, [...restocked, ...cheaper]);
}
