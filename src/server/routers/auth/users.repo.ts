import { TRPCError } from '@trpc/server';
import { sql } from 'kysely';
import type { z } from 'zod';
import { domainMessages } from '../../../shared/errors.js';
import type { User, userListSchema } from '../../../shared/schemas/users.js';
import type { Db } from '../../db/connection.js';
import { containsPattern } from '../../db/like.js';

/** The columns of a user that the API shows. */
export const publicUserColumns = ['id', 'firstName', 'lastName', 'email', 'isVerified', 'role'] as const;

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
