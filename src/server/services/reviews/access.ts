import { TRPCError } from '@trpc/server';
import type { Db } from '../../db/connection.js';
import type { Role } from '../../db/tables/accounts.js';

/** The signed-in caller of a reviews write. */
export interface Caller {
  id: number;
  role: Role;
}

/**
 * SuperUser and Admin moderate (docs/reviews.md). The role is read again from the database, so
 * a demoted moderator loses the right at once rather than when the access token expires.
 */
export async function isModerator(db: Db, caller: Caller): Promise<boolean> {
  if (caller.role === 'User') return false;
  const row = await db.selectFrom('users').select('role').where('id', '=', caller.id).executeTakeFirst();
  return row !== undefined && row.role !== 'User';
}

/** A body may say whom it acts for (the REST API sends userId), but only the caller: anyone else is 403. */
export function assertActsForSelf(caller: Caller, claimedUserId: number | undefined): void {
  if (claimedUserId !== undefined && claimedUserId !== caller.id) throw new TRPCError({ code: 'FORBIDDEN' });
}

/** Editing or deleting: the author, or a moderator; anyone else 403. */
export async function assertMayChange(db: Db, caller: Caller, authorId: number): Promise<void> {
  if (authorId === caller.id) return;
  if (!(await isModerator(db, caller))) throw new TRPCError({ code: 'FORBIDDEN' });
}

/** Moderator-only parts of a write (showOnMain, answering as the shop). */
export async function assertModerator(db: Db, caller: Caller): Promise<void> {
  if (!(await isModerator(db, caller))) throw new TRPCError({ code: 'FORBIDDEN' });
}

export function notFound(): TRPCError {
  return new TRPCError({ code: 'NOT_FOUND' });
}
