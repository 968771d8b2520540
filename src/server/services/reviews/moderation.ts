import { sql, type RawBuilder } from 'kysely';
import type { ModerationItem, ModerationKind, ModerationQueueInput } from '../../../shared/schemas/moderation.js';
import type { Db } from '../../db/connection.js';
import type { ModerationStatus, SizeFit } from '../../db/tables/reviews.js';
import { inTransaction } from '../../db/transaction.js';
import { notFound } from './access.js';
import { isoDate, publicName } from './list-parts.js';

/**
 * The moderation queue (docs/moderation.md): reviews and questions in one list, those waiting
 * first (oldest first), then the decided ones newest first; and the decisions. A review's state
 * changes under its product's row lock, and the rating trigger (migration 0030) recounts the
 * product's approved reviews in the same transaction.
 */

interface QueueRow {
  kind: ModerationKind;
  id: number;
  productId: number;
  productName: string;
  productUrl: string;
  userId: number;
  authorName: string;
  rating: number | null;
  text: string;
  images: string[];
  pros: string | null;
  cons: string | null;
  sizeFit: SizeFit | null;
  moderationStatus: ModerationStatus;
  moderationReason: string | null;
  moderatedById: number | null;
  moderatorName: string | null;
  moderatedAt: Date | null;
  createdAt: Date;
  total: number;
}

const items = sql`(
  select 'review' as kind, id, product_id, user_id, rating::int as rating, text, images, pros, cons, size_fit,
         moderation_status, moderation_reason, moderated_by, moderated_at, created_at from reviews
  union all
  select 'question', id, product_id, user_id, null, text, '{}'::text[], null, null, null,
         moderation_status, moderation_reason, moderated_by, moderated_at, created_at from questions)`;

/** The queue's rows matching `where`, then `tail` (order, limit); each carries the total of its kind. */
async function queueRows(db: Db, where: RawBuilder<unknown>, tail: RawBuilder<unknown>): Promise<QueueRow[]> {
  const { rows } = await sql<QueueRow>`
    select m.kind, m.id, m.product_id, p.name as product_name, p.url as product_url, m.user_id, ${publicName('u')} as author_name,
           m.rating, m.text, m.images, m.pros, m.cons, m.size_fit, m.moderation_status, m.moderation_reason, m.moderated_by as moderated_by_id,
           case when mu.id is null then null else ${publicName('mu')} end as moderator_name, m.moderated_at, m.created_at,
           count(*) over ()::int as total
      from ${items} m
      join products p on p.id = m.product_id
      join users u on u.id = m.user_id
      left join users mu on mu.id = m.moderated_by
     where ${where} ${tail}`.execute(db);
  return rows;
}

export async function moderationQueue(db: Db, input: ModerationQueueInput): Promise<{ rows: ModerationItem[]; length: number }> {
  const where = sql`${input.status === undefined ? sql`true` : sql`m.moderation_status = ${input.status}`}
    and ${input.kind === undefined ? sql`true` : sql`m.kind = ${input.kind}`}`;
  const rows = await queueRows(
    db,
    where,
    sql`order by (m.moderation_status = 'pending') desc,
                 case when m.moderation_status = 'pending' then m.created_at end asc,
                 m.created_at desc, m.id desc
        limit ${input.limit} offset ${input.offset}`,
  );
  let length = rows[0]?.total ?? 0;
  if (!rows.length && input.offset > 0) {
    // A page past the end carries no total: count alone.
    const counted = await sql<{ n: number }>`select count(*)::int as n from ${items} m where ${where}`.execute(db);
    length = counted.rows[0]?.n ?? 0;
  }
  return { rows: rows.map(toItem), length };
}

function toItem(row: QueueRow): ModerationItem {
  return {
    kind: row.kind,
    id: row.id,
    product: { id: row.productId, name: row.productName, url: row.productUrl },
    author: { id: row.userId, name: row.authorName },
    rating: row.rating,
    text: row.text,
    images: row.images,
    pros: row.pros,
    cons: row.cons,
    sizeFit: row.sizeFit,
    moderationStatus: row.moderationStatus,
    moderationReason: row.moderationReason,
    moderatedBy: row.moderatedById === null || row.moderatorName === null ? null : { id: row.moderatedById, name: row.moderatorName },
    moderatedAt: row.moderatedAt === null ? null : isoDate(row.moderatedAt),
    createdAt: isoDate(row.createdAt),
  };
}

export type ModerationDecision = { status: 'approved' } | { status: 'rejected'; reason: string };

/** Approves or rejects (hides) a review or a question; deciding again overrides the earlier decision. */
export function moderate(db: Db, kind: ModerationKind, id: number, decision: ModerationDecision, moderatorId: number): Promise<ModerationItem> {
  return inTransaction(db, async (trx) => {
    const table = kind === 'review' ? 'reviews' : 'questions';
    const current = await trx.selectFrom(table).select('productId').where('id', '=', id).executeTakeFirst();
    if (!current) throw notFound();
    // The product first, then the item: the order every review write takes (review-write.ts).
    await trx.selectFrom('products').select('id').where('id', '=', current.productId).forUpdate().execute();
    const changed = await trx
      .updateTable(table)
      .set({
        moderationStatus: decision.status,
        moderationReason: decision.status === 'rejected' ? decision.reason : null,
        moderatedBy: moderatorId,
        moderatedAt: new Date(),
      })
      .where('id', '=', id)
      .executeTakeFirst();
    if (changed.numUpdatedRows === 0n) throw notFound();
    const [row] = await queueRows(trx, sql`m.kind = ${kind} and m.id = ${id}`, sql``);
    if (!row) throw notFound();
    return toItem(row);
  });
}

/** Reviews and questions waiting for a decision: the admin menu's badge. */
export async function pendingCount(db: Db): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select ((select count(*) from reviews where moderation_status = 'pending') +
            (select count(*) from questions where moderation_status = 'pending'))::int as n`.execute(db);
  return rows[0]?.n ?? 0;
}
