import type { ColumnType, Generated } from 'kysely';
import type { AccountsTables } from './tables/accounts.js';
import type { CatalogueTables } from './tables/catalogue.js';
import type { ContentTables } from './tables/content.js';
import type { MediaTables } from './tables/media.js';
import type { OrdersTables } from './tables/orders.js';
import type { ReviewsTables } from './tables/reviews.js';
import type { WebhooksTables } from './tables/webhooks.js';

/** Column names are camelCase here and snake_case in PostgreSQL (CamelCasePlugin). */

export type CreatedAt = ColumnType<Date, never, never>;
export type UpdatedAt = ColumnType<Date, never, Date>;
/** Optimistic concurrency: bumped by every edit (services/versioned.ts). */
export type Version = ColumnType<number, never, number>;

export type Role = 'User' | 'SuperUser' | 'Admin';

export interface UsersTable {
  id: Generated<number>;
  firstName: string;
  lastName: string;
  email: string;
  isVerified: ColumnType<boolean, boolean | undefined, boolean>;
  role: ColumnType<Role, Role | undefined, Role>;
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

export interface DictionaryTable {
  id: Generated<number>;
  name: string;
  url: string;
  version: Version;
  createdAt: CreatedAt;
}

/** What the shop keeps about itself: its generated JWT key, the demo-data mark. */
export interface AppStateTable {
  name: string;
  value: string;
  createdAt: CreatedAt;
}

export interface CoreTables {
  appState: AppStateTable;
  users: UsersTable;
  sessions: SessionsTable;
  tags: DictionaryTable;
  sizes: DictionaryTable;
}

/** Each domain declares its own tables in db/tables/<domain>.ts. */
export type Database = CoreTables & AccountsTables & CatalogueTables & MediaTables & OrdersTables & ReviewsTables & ContentTables & WebhooksTables;
