import type { Db } from '../../db/connection.js';

/** The columns of a user that the API shows. */
export const publicUserColumns = ['id', 'firstName', 'lastName', 'email', 'isVerified', 'role'] as const;

export function findUserByEmail(db: Db, email: string) {
  return db
    .selectFrom('users')
    .select([...publicUserColumns, 'passwordHash'])
    .where('email', '=', email.toLowerCase())
    .executeTakeFirst();
}
