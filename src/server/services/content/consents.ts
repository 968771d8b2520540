import type { ConsentKind } from '../../db/tables/legal.js';
import type { Db } from '../../db/connection.js';
import { clientKey } from '../platform/rate-limit.js';

export interface ConsentRecord {
  kind: ConsentKind;
  /** The user, order, subscriber or callback request consented for; null when there is none. */
  subjectId: number | null;
  /** The e-mail or phone the person gave. */
  contact: string;
  /** The client's IP; stored as its network (an IPv4 address, an IPv6 /64). */
  ip: string;
}

/**
 * Stores a consent to the processing of personal data (152-ФЗ, docs/legal.md) with the privacy
 * policy's current version and the time. Call it with the transaction that writes the thing
 * consented to, so both are kept or neither.
 */
export async function recordConsent(trx: Db, record: ConsentRecord): Promise<void> {
  await trx
    .insertInto('consents')
    .values((eb) => ({
      ...consentFields(record),
      subjectId: record.subjectId,
      policyVersion: eb.selectFrom('legalPages').select('version').where('slug', '=', privacyPolicy),
    }))
    .execute();
}

/** The page whose version a consent records. */
export const privacyPolicy = 'privacy';

/** A consent's own fields; the insert adds the subject and reads the policy's version itself. */
export function consentFields(record: Omit<ConsentRecord, 'subjectId'>): { kind: ConsentKind; contact: string; network: string } {
  return { kind: record.kind, contact: record.contact, network: clientKey(record.ip) };
}
