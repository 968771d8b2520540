import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Defaulted, UpdatedAt, Version } from './columns.js';

export type Role = 'User' | 'SuperUser' | 'Admin';

export interface UsersTable {
  id: Generated<number>;
  firstName: string;
  lastName: string;
  email: string;
  isVerified: Defaulted<boolean>;
  role: Defaulted<Role>;
  passwordHash: string;
  version: Version;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

/** One row per issued refresh token; a family is one sign-in and all its rotations. */
export interface SessionsTable {
  id: Generated<number>;
  userId: number;
  familyId: string;
  tokenHash: string;
  expiresAt: Date;
  usedAt: Date | null;
  revokedAt: Date | null;
  createdAt: CreatedAt;
}

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

export interface HelpMessagesTable {
  id: Generated<number>;
  /** Handling in the staff's inbox (docs/moderation.md). */
  status: Defaulted<'new' | 'inProgress' | 'done'>;
  note: Defaulted<string>;
  handledBy: number | null;
  handledAt: Date | null;
  userId: number | null;
  name: Defaulted<string>;
  email: string;
  message: string;
  createdAt: CreatedAt;
}

/** A client network (IPv4 address, IPv6 /64) from which the user has signed in. */
export interface SigninNetworksTable {
  userId: number;
  network: string;
  lastSeenAt: Defaulted<Date>;
}

/** Access tokens of the user issued before `cutoffAt` are refused (services/accounts/token-cutoffs.ts). */
export interface TokenCutoffsTable {
  userId: number;
  cutoffAt: Date;
  /** The database's clock at the write: what instances poll for. */
  recordedAt: ColumnType<Date, never, Date>;
}

/** Tables of the accounts domain: users, sessions, e-mail links, help-desk messages, sign-in networks, token cut-offs. */
export interface AccountsTables {
  users: UsersTable;
  sessions: SessionsTable;
  accountTokens: AccountTokensTable;
  helpMessages: HelpMessagesTable;
  signinNetworks: SigninNetworksTable;
  tokenCutoffs: TokenCutoffsTable;
}
