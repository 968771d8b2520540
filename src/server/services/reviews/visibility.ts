import { TRPCError } from '@trpc/server';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { ModerationStatus } from '../../db/tables/reviews.js';
import { readSetting } from '../platform/settings.js';
import { isModerator, type Caller } from './access.js';

/**
 * Who sees which reviews and questions (docs/moderation.md): everyone sees approved ones, an
 * author also their own pending or rejected ones; moderators may ask for any state.
 */
export type ModerationFilter = ModerationStatus | 'all' | undefined;

/** The list condition for a filter (null: no condition); callerId 0 (anonymous) owns nothing. */
export function visibleTo(alias: 'r' | 'q', filter: ModerationFilter, callerId: number): RawBuilder<SqlBool> | null {
  const status = sql.ref(`${alias}.moderationStatus`);
  if (filter === 'all') return null;
  if (filter !== undefined) return sql<SqlBool>`${status} = ${filter}`;
  return sql<SqlBool>`(${status} = 'approved' or ${sql.ref(`${alias}.userId`)} = ${callerId})`;
}

/** A state filter is for moderators only (403 for anyone else). */
export async function checkedFilter(db: Db, caller: Caller | null, filter: ModerationFilter): Promise<ModerationFilter> {
  if (filter === undefined) return undefined;
  if (!caller || !(await isModerator(db, caller))) throw new TRPCError({ code: caller ? 'FORBIDDEN' : 'UNAUTHORIZED' });
  return filter;
}

/** Reading one item: moderators see it in any state, others when approved or their own. */
export async function readerFilter(db: Db, caller: Caller | null): Promise<ModerationFilter> {
  return caller && (await isModerator(db, caller)) ? 'all' : undefined;
}

/** A new item: moderators' are approved; a shopper's waits in pre-moderation and shows at once in post. */
export async function stateOfNew(db: Db, moderator: boolean): Promise<ModerationStatus> {
  if (moderator) return 'approved';
  return (await readSetting(db, 'moderation')) === 'pre' ? 'pending' : 'approved';
}

/**
 * The author changed what others read: in pre-moderation it waits again; in post-moderation an
 * approved item stays shown and a rejected one goes back to the queue (never shown by editing).
 */
export async function stateAfterEdit(db: Db, current: ModerationStatus): Promise<ModerationStatus> {
  if (current !== 'approved') return 'pending';
  return (await readSetting(db, 'moderation')) === 'pre' ? 'pending' : 'approved';
}

/** The columns an item's state is reset with when it goes back to the queue. */
export function backToQueue(status: ModerationStatus) {
  return status === 'pending' ? { moderationStatus: status, moderationReason: null, moderatedBy: null, moderatedAt: null } : {};
}
