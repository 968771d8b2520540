import type { Generated } from 'kysely';
import type { CreatedAt, Defaulted, Json, UpdatedAt } from './columns.js';

/** What the shop keeps about itself: its generated JWT key, the demo-data mark. */
export interface AppStateTable {
  name: string;
  value: string;
  createdAt: CreatedAt;
}

/**
 * Every letter, written before it is sent: `kept` (no SMTP server: the outbox is the delivery),
 * `pending` (to be sent by SMTP), `sent` (its text erased) or `failed` (given up).
 */
export type LetterStatus = 'kept' | 'pending' | 'sent' | 'failed';

export interface MailOutboxTable {
  id: Generated<number>;
  recipient: string;
  replyTo: string | null;
  subject: string;
  text: string;
  html: string;
  status: Defaulted<LetterStatus>;
  attempts: Defaulted<number>;
  nextAttemptAt: Date | null;
  deliveredAt: Date | null;
  lastError: string | null;
  createdAt: CreatedAt;
}

/** A setting the Admin changes at run time (migration 0028): no row means its default. */
export interface ShopSettingsTable {
  name: string;
  value: Json<unknown>;
  updatedAt: UpdatedAt;
  updatedBy: number | null;
}

/** One change an Admin made through the API (migration 0033, docs/audit-log.md). */
export interface AuditLogTable {
  id: Generated<number>;
  userId: number | null;
  userEmail: string;
  action: string;
  rest: string | null;
  summary: string;
  entityId: string | null;
  input: Json<unknown>;
  network: string;
  createdAt: CreatedAt;
}

/** Tables of the shop's own machinery, not of a domain: its state, settings and the mail outbox. */
export interface PlatformTables {
  appState: AppStateTable;
  mailOutbox: MailOutboxTable;
  shopSettings: ShopSettingsTable;
  auditLog: AuditLogTable;
}
