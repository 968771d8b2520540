import type { ColumnType, Generated } from 'kysely';
import type { Defaulted, UpdatedAt, Version } from './columns.js';

/** The four legal pages by slug (migration 0024). */
export type LegalSlug = 'privacy' | 'offer' | 'delivery' | 'returns';
/** What a consent was given for. */
export type ConsentKind = 'signup' | 'order' | 'subscription' | 'callback' | 'one_click';

/** A legal page; `body` is HTML already passed through the allow-list sanitiser; `version` bumps on each edit. */
export interface LegalPagesTable {
  slug: ColumnType<LegalSlug, never, never>;
  title: string;
  body: string;
  version: Version;
  updatedAt: UpdatedAt;
  updatedBy: number | null;
}

/** One consent to the processing of personal data, with the privacy policy's version it was given to. */
export interface ConsentsTable {
  id: Generated<number>;
  kind: ConsentKind;
  subjectId: number | null;
  contact: string;
  policyVersion: number;
  givenAt: Defaulted<Date>;
  network: string;
}

/** Tables of the legal pages and consents (content domain, docs/legal.md). */
export interface LegalTables {
  legalPages: LegalPagesTable;
  consents: ConsentsTable;
}
