import { TRPCError } from '@trpc/server';
import { sql } from 'kysely';
import type { z } from 'zod';
import { domainMessages } from '../../../shared/errors.js';
import type { User, userListSchema, userUpdateSchema } from '../../../shared/schemas/accounts.js';
import type { Db } from '../../db/connection.js';
import type { Role } from '../../db/tables/accounts.js';
import { containsPattern } from '../../db/like.js';
import { inTransaction } from '../../db/transaction.js';
import { revokeAllSessions } from './sessions.js';
import { cutOffAccessTokens } from './token-cutoffs.js';
import type { TokenService } from './tokens.js';
import { missingOrStale, nextVersion, sameVersion } from '../platform/versioned.js';
import { voidAccountTokens } from './account-tokens.js';

/** The columns of a user that the API shows. */
export const publicUserColumns = ['id', 'firstName', 'lastName', 'email', 'isVerified', 'role', 'version'] as const;

/** What a new account is made of: the password already hashed; role and flag default in the table. */
export interface NewUser {
  firstName: string;
  lastName: string;
  email: string;
  passwordHash: string;
  role?: Role;
  isVerified?: boolean;
}

/** A new account (sign-up or the Admin's form); an e-mail already registered is refused (409). */
export async function insertUser(db: Db, fields: NewUser): Promise<User> {
  const user = await db.insertInto('users').values(fields).onConflict((oc) => oc.column('email').doNothing()).returning(publicUserColumns).executeTakeFirst();
  if (!user) throw new TRPCError({ code: 'CONFLICT', message: domainMessages.emailTaken });
  return user;
}

/**
 * The user an e-mail link was sent to, marked confirmed (the link reached that address), with a
 * new password when the link was a reset. Only while the account still has the address the link
 * went to: changed meanwhile, nothing is updated and the answer is undefined.
 */
export function confirmLinkedUser(db: Db, link: { userId: number; email: string }, passwordHash?: string): Promise<User | undefined> {
  return db
    .updateTable('users')
    .set({ ...(passwordHash === undefined ? {} : { passwordHash }), isVerified: true, updatedAt: new Date(), version: nextVersion })
    .where('id', '=', link.userId)
    .where('email', '=', link.email)
    .returning(publicUserColumns)
    .executeTakeFirst();
}

export async function findPasswordHash(db: Db, userId: number): Promise<string | undefined> {
  const row = await db.selectFrom('users').select('passwordHash').where('id', '=', userId).executeTakeFirst();
  return row?.passwordHash;
}

export async function setPasswordHash(db: Db, userId: number, passwordHash: string): Promise<void> {
  await db.updateTable('users').set({ passwordHash, updatedAt: new Date() }).where('id', '=', userId).execute();
}

export function findUserByEmail(db: Db, email: string) {
  return db
    .selectFrom('users')
    .select([...publicUserColumns, 'passwordHash'])
    .where('email', '=', email.toLowerCase())
    .executeTakeFirst();
}

export function findUserById(db: Db, id: number): Promise<User | undefined> {
  return db.selectFrom('users').select(publicUserColumns).where('id', '=', id).executeTakeFirst();
}

export async function getUserOrThrow(db: Db, id: number): Promise<User> {
  const user = await findUserById(db, id);
  if (!user) throw new TRPCError({ code: 'NOT_FOUND' });
  return user;
}

/** GET /users: substring filters on names and e-mail, exact ones on role and the verified flag. */
export async function listUsers(db: Db, input: z.output<typeof userListSchema>): Promise<{ rows: User[]; length: number }> {
  let filtered = db.selectFrom('users');
  if (input.firstName) filtered = filtered.where('firstName', 'ilike', containsPattern(input.firstName));
  if (input.lastName) filtered = filtered.where('lastName', 'ilike', containsPattern(input.lastName));
  if (input.email) filtered = filtered.where('email', 'ilike', containsPattern(input.email));
  if (input.isVerified !== undefined) filtered = filtered.where('isVerified', '=', input.isVerified);
  if (input.role) filtered = filtered.where('role', '=', input.role);
  const [rows, total] = await Promise.all([
    filtered.select(publicUserColumns).orderBy(input.sortBy, input.orderBy).orderBy('id').limit(input.limit).offset(input.offset).execute(),
    filtered.select(sql<number>`count(*)::int`.as('length')).executeTakeFirstOrThrow(),
  ]);
  return { rows, length: total.length };
}

/**
 * The shop must keep an Admin: demoting or deleting the last one is refused. The Admin rows are
 * locked, so two simultaneous demotions cannot both pass.
 */
export async function assertNotLastAdmin(db: Db, userId: number): Promise<void> {
  const admins = await db.selectFrom('users').select('id').where('role', '=', 'Admin').forUpdate().execute();
  if (admins.length <= 1 && admins.some((admin) => admin.id === userId)) {
    throw new TRPCError({ code: 'CONFLICT', message: domainMessages.lastAdmin });
  }
}

/**
 * PUT /users/user/{userId}. A User edits their own names and e-mail; the role and the verified
 * flag are the Admin's (a User sending a different role gets 403). A new e-mail must be confirmed
 * again and voids every link sent to the old one; a new role ends every session at once. With
 * `version`, a record changed since it was loaded is refused (409).
 */
export function updateUser(db: Db, tokens: TokenService, caller: User, userId: number, fields: Omit<z.output<typeof userUpdateSchema>, 'userId'>) {
  const isAdmin = caller.role === 'Admin';
  return inTransaction(db, async (trx) => {
    const current = await getUserOrThrow(trx, userId);
    if (!isAdmin && fields.role !== undefined && fields.role !== current.role) throw new TRPCError({ code: 'FORBIDDEN' });
    const role = isAdmin ? (fields.role ?? current.role) : current.role;
    if (current.role === 'Admin' && role !== 'Admin') await assertNotLastAdmin(trx, userId);
    const emailChanged = fields.email !== current.email;
    if (emailChanged) {
      const taken = await trx.selectFrom('users').select('id').where('email', '=', fields.email).executeTakeFirst();
      if (taken) throw new TRPCError({ code: 'CONFLICT', message: domainMessages.emailTaken });
    }
    const isVerified = isAdmin && fields.isVerified !== undefined ? fields.isVerified : emailChanged ? false : current.isVerified;
    const user = await trx
      .updateTable('users')
      .set({ firstName: fields.firstName, lastName: fields.lastName, email: fields.email, role, isVerified, updatedAt: new Date(), version: nextVersion })
      .where('id', '=', userId)
      .where(sameVersion(fields.version))
      .returning(publicUserColumns)
      .executeTakeFirst();
    if (!user) throw await missingOrStale(trx, 'users', userId);
    if (emailChanged) await voidAccountTokens(trx, userId);
    // A new role takes effect at once: tokens carrying the old one stop working within seconds.
    if (role !== current.role) await revokeAllSessions(trx, tokens, userId);
    return { user, emailChanged };
  });
}

/**
 * DELETE /users/user/{userId}: never the last Admin; sessions and links go with the user, and the
 * access tokens it still holds are cut off.
 */
export function deleteUser(db: Db, tokens: TokenService, userId: number): Promise<{ ok: true }> {
  return inTransaction(db, async (trx) => {
    await assertNotLastAdmin(trx, userId);
    const result = await trx.deleteFrom('users').where('id', '=', userId).executeTakeFirst();
    if (result.numDeletedRows === 0n) throw new TRPCError({ code: 'NOT_FOUND' });
    await cutOffAccessTokens(trx, tokens.cutoffs, userId);
    return { ok: true as const };
  });
}
