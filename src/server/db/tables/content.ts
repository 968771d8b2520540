import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Defaulted, Version } from './columns.js';
import type { LegalTables } from './legal.js';


/** One picture of the home page's banner; `position` orders the list. */
export interface SlidesTable {
  id: Generated<number>;
  image: string;
  link: Defaulted<string>;
  /** The heading shown over the picture (empty: none, the picture then carries the meaning). */
  title: Defaulted<string>;
  subtitle: Defaulted<string>;
  /** The text of the button that leads to `link`. */
  buttonText: Defaulted<string>;
  position: number;
  createdAt: CreatedAt;
}

export interface AdvertisementsTable {
  id: Generated<number>;
  title: string;
  description: Defaulted<string>;
  version: Version;
  createdAt: CreatedAt;
}

/** A news post; `body` is HTML already passed through the allow-list sanitiser. */
export interface NewsTable {
  id: Generated<number>;
  title: string;
  url: string;
  excerpt: Defaulted<string>;
  body: Defaulted<string>;
  image: string | null;
  showOnMain: Defaulted<boolean>;
  version: Version;
  createdAt: CreatedAt;
  updatedAt: ColumnType<Date, never, Date>;
}

export interface SubscribersTable {
  id: Generated<number>;
  email: string;
  mailId: string;
  confirmTokenHash: string | null;
  confirmedAt: Date | null;
  createdAt: CreatedAt;
}

export interface CallbackRequestsTable {
  id: Generated<number>;
  /** Handling in the staff's inbox (docs/moderation.md). */
  status: Defaulted<'new' | 'inProgress' | 'done'>;
  note: Defaulted<string>;
  handledBy: number | null;
  handledAt: Date | null;
  name: string;
  phone: string;
  comment: Defaulted<string>;
  createdAt: CreatedAt;
}

export interface ScannersTable {
  id: Generated<number>;
  qrCode: string;
  title: Defaulted<string>;
  tags: Defaulted<string[]>;
  checkCount: Defaulted<number>;
  lastCheckedAt: Date | null;
  version: Version;
  createdAt: CreatedAt;
}

/** Tables of the content domain (with the legal pages and consents, tables/legal.ts). */
export interface ContentTables extends LegalTables {
  slides: SlidesTable;
  advertisements: AdvertisementsTable;
  news: NewsTable;
  subscribers: SubscribersTable;
  callbackRequests: CallbackRequestsTable;
  scanners: ScannersTable;
}
