import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { AuditEntry, AuditListInput } from '../../../shared/schemas/audit.js';
import { auditListInputSchema } from '../../../shared/schemas/audit.js';
import { clientKey } from './rate-limit.js';

/** Field names whose values never reach the log: passwords, tokens, keys, secrets. */
const secretField = /password|token|secret|key$/i;
const maxStringLength = 500;
const maxInputBytes = 8 * 1024;

/** What was sent, fit for the log: secrets replaced, long strings cut, at most 8 KB of JSON. */
export function auditInput(raw: unknown, depth = 0): unknown {
  if (typeof raw === 'string') return raw.length > maxStringLength ? `${raw.slice(0, maxStringLength)}…` : raw;
  if (raw === null || typeof raw !== 'object') return raw;
  if (depth > 6) return '…';
  if (Array.isArray(raw)) return raw.slice(0, 100).map((item) => auditInput(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(raw)) out[name] = secretField.test(name) ? '***' : auditInput(value, depth + 1);
  return out;
}

function boundedJson(value: unknown): string {
  const text = JSON.stringify(value ?? {});
  return text.length <= maxInputBytes ? text : JSON.stringify({ truncated: true, start: text.slice(0, maxInputBytes) });
}

/** The record an action touched: the input's id, else the answer's (a create), else the input's slug or url. */
export function auditEntityId(input: unknown, answer: unknown): string | null {
  const field = (source: unknown, names: readonly string[]): string | null => {
    if (!source || typeof source !== 'object' || Array.isArray(source)) return null;
    const record = source as Record<string, unknown>;
    for (const name of names) {
      const value = record[name];
      if (typeof value === 'number' || (typeof value === 'string' && value.length > 0 && value.length <= 100)) return String(value);
    }
    return null;
  };
  const ids = ['id', 'checkoutId', 'productId', 'userId', 'reviewId', 'questionId'] as const;
  return field(input, ids) ?? field(answer, ['id']) ?? field(input, ['slug', 'url', 'kind']);
}

export interface AdminAction {
  userId: number;
  action: string;
  rest: string | null;
  summary: string;
  input: unknown;
  answer: unknown;
  ip: string;
}

/** Writes one admin action (after it succeeded); the author's e-mail is kept for when the account is gone. */
export async function recordAdminAction(db: Db, entry: AdminAction): Promise<void> {
  await db
    .insertInto('auditLog')
    .values({
      userId: entry.userId,
      userEmail: sql<string>`coalesce((select email from users where id = ${entry.userId}), '')`,
      action: entry.action,
      rest: entry.rest,
      summary: entry.summary,
      entityId: auditEntityId(entry.input, entry.answer),
      input: boundedJson(auditInput(entry.input)),
      network: clientKey(entry.ip),
    })
    .execute();
}

export async function listAuditLog(db: Db, raw: AuditListInput): Promise<{ rows: AuditEntry[]; length: number }> {
  const input = auditListInputSchema.parse(raw);
  let query = db.selectFrom('auditLog');
  if (input.section) query = query.where((eb) => eb.or([eb('action', '=', input.section!), eb('action', 'like', `${input.section!}.%`)]));
  if (input.userId) query = query.where('userId', '=', input.userId);
  if (input.entityId) query = query.where('entityId', '=', input.entityId);
  if (input.from) query = query.where('createdAt', '>=', input.from);
  if (input.to) query = query.where('createdAt', '<', input.to);
  const [rows, total] = await Promise.all([
    query
      .select(['id', 'userId', 'userEmail', 'action', 'rest', 'summary', 'entityId', 'input', 'createdAt'])
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(input.limit)
      .offset(input.offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map((row) => ({ ...row, input: row.input })), length: Number(total.count) };
}
