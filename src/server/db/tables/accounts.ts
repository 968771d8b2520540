import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt } from '../schema.js';

export type AccountTokenPurpose = 'confirm' | 'reset';

/** A single-use e-mail link (confirmation or password reset); the token itself is never stored. */
export interface AccountTokensTable {
  id: Generated<number>;
  userId: number;
  purpose: AccountTokenPurpose;
  tokenHash: string;
  expiresAt: Date;
  usedAt: Date | null;
  createdAt: CreatedAt;
}

/** A letter kept instead of sent, when no SMTP server is configured. */
export interface MailOutboxTable {
  id: Generated<number>;
  recipient: string;
  replyTo: string | null;
  subject: string;
  text: string;
  html: string;
  createdAt: CreatedAt;
}

export interface HelpMessagesTable {
  id: Generated<number>;
  userId: number | null;
  name: ColumnType<string, string | undefined, string>;
  email: string;
  message: string;
  createdAt: CreatedAt;
}

/** Tables of the accounts domain (e-mail tokens, outbox, help-desk messages). */
export interface AccountsTables {
  accountTokens: AccountTokensTable;
  mailOutbox: MailOutboxTable;
  helpMessages: HelpMessagesTable;
}
