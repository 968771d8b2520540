import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt } from '../schema.js';

export type AccountTokenPurpose = 'confirm' | 'reset';

/** A single-use e-mail link (confirmation or password reset); the token itself is never stored. */
export interface AccountTokensTable {
  id: Generated<number>;
  userId: number;
  /** The address the link was sent to: it acts only while the account still has it. */
  email: string;
  purpose: AccountTokenPurpose;
  tokenHash: string;
  expiresAt: Date;
  usedAt: Date | null;
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
  status: ColumnType<LetterStatus, LetterStatus | undefined, LetterStatus>;
  attempts: ColumnType<number, number | undefined, number>;
  nextAttemptAt: Date | null;
  deliveredAt: Date | null;
  lastError: string | null;
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

/** A client network (IPv4 address, IPv6 /64) from which the user has signed in. */
export interface SigninNetworksTable {
  userId: number;
  network: string;
  lastSeenAt: ColumnType<Date, Date | undefined, Date>;
}

/** Access tokens of the user issued before `cutoffAt` are refused (services/token-cutoffs.ts). */
export interface TokenCutoffsTable {
  userId: number;
  cutoffAt: Date;
  /** The database's clock at the write: what instances poll for. */
  recordedAt: ColumnType<Date, never, Date>;
}

/** Tables of the accounts domain (e-mail tokens, outbox, help-desk messages, sign-in networks, token cut-offs). */
export interface AccountsTables {
  accountTokens: AccountTokensTable;
  mailOutbox: MailOutboxTable;
  helpMessages: HelpMessagesTable;
  signinNetworks: SigninNetworksTable;
  tokenCutoffs: TokenCutoffsTable;
}
