import { sql, type RawBuilder } from 'kysely';
import type { InboxItem, InboxKind, InboxListInput, InboxStatus, InboxUpdate } from '../../../shared/schemas/moderation.js';
import type { Db } from '../../db/connection.js';
import { inTransaction } from '../../db/transaction.js';
import { notFound } from '../reviews/access.js';
import { isoDate, publicName } from '../reviews/list-parts.js';

/**
 * The staff's inbox (docs/moderation.md): callback requests and help-desk messages, both stored
 * when they arrive (and mailed to SHOP_EMAIL as before), listed together, new ones first, each
 * with a handling state, notes and who handled it last.
 */

interface InboxRow {
  kind: InboxKind;
  id: number;
  name: string;
  phone: string | null;
  email: string | null;
  userId: number | null;
  text: string;
  status: InboxStatus;
  note: string;
  handledById: number | null;
  handlerName: string | null;
  handledAt: Date | null;
  createdAt: Date;
  total: number;
}

const items = sql`(
  select 'callback' as kind, id, name, phone, null::text as email, null::int as user_id, comment as text,
         status, note, handled_by, handled_at, created_at from callback_requests
  union all
  select 'help', id, name, null, email, user_id, message, status, note, handled_by, handled_at, created_at from help_messages)`;

async function inboxRows(db: Db, where: RawBuilder<unknown>, tail: RawBuilder<unknown>): Promise<InboxRow[]> {
  const { rows } = await sql<InboxRow>`
    select m.kind, m.id, m.name, m.phone, m.email, m.user_id, m.text, m.status, m.note,
           m.handled_by as handled_by_id, case when h.id is null then null else ${publicName('h')} end as handler_name,
           m.handled_at, m.created_at, count(*) over ()::int as total
      from ${items} m left join users h on h.id = m.handled_by
     where ${where} ${tail}`.execute(db);
  return rows;
}

function toItem(row: InboxRow): InboxItem {
  return {
    kind: row.kind,
    id: row.id,
    name: row.name,
    phone: row.phone,
    email: row.email,
    userId: row.userId,
    text: row.text,
    status: row.status,
    note: row.note,
    handledBy: row.handledById === null || row.handlerName === null ? null : { id: row.handledById, name: row.handlerName },
    handledAt: row.handledAt === null ? null : isoDate(row.handledAt),
    createdAt: isoDate(row.createdAt),
  };
}

/** New first, then in progress, then done; newest first within each. */
export async function listInbox(db: Db, input: InboxListInput): Promise<{ rows: InboxItem[]; length: number }> {
  const where = sql`${input.status === undefined ? sql`true` : sql`m.status = ${input.status}`}
    and ${input.kind === undefined ? sql`true` : sql`m.kind = ${input.kind}`}`;
  const rows = await inboxRows(
    db,
    where,
    sql`order by case m.status when 'new' then 0 when 'inProgress' then 1 else 2 end, m.created_at desc, m.id desc
        limit ${input.limit} offset ${input.offset}`,
  );
  let length = rows[0]?.total ?? 0;
  if (!rows.length && input.offset > 0) {
    const counted = await sql<{ n: number }>`select count(*)::int as n from ${items} m where ${where}`.execute(db);
    length = counted.rows[0]?.n ?? 0;
  }
  return { rows: rows.map(toItem), length };
}

/** Changes the state or the notes of one item; the caller becomes who handled it. */
export function updateInboxItem(db: Db, input: InboxUpdate, staffId: number): Promise<InboxItem> {
  return inTransaction(db, async (trx) => {
    const table = input.kind === 'callback' ? 'callbackRequests' : 'helpMessages';
    const changed = await trx
      .updateTable(table)
      .set({
        ...(input.status !== undefined ? { status: input.status } : {}),
        ...(input.note !== undefined ? { note: input.note } : {}),
        handledBy: staffId,
        handledAt: new Date(),
      })
      .where('id', '=', input.id)
      .executeTakeFirst();
    if (changed.numUpdatedRows === 0n) throw notFound();
    const [row] = await inboxRows(trx, sql`m.kind = ${input.kind} and m.id = ${input.id}`, sql``);
    if (!row) throw notFound();
    return toItem(row);
  });
}

/** New callback requests and help-desk messages: the admin menu's badge. */
export async function newInboxCount(db: Db): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select ((select count(*) from callback_requests where status = 'new') +
            (select count(*) from help_messages where status = 'new'))::int as n`.execute(db);
  return rows[0]?.n ?? 0;
}
