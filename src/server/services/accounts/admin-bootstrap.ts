import type { Config } from '../../config.js';
import type { Db } from '../../db/connection.js';
import { hashPassword } from './passwords.js';

/** The operator's way in: ADMIN_EMAIL + ADMIN_PASSWORD create a verified Admin when that user does not exist. */
export async function ensureAdmin(db: Db, admin: Config['admin']): Promise<'created' | 'exists' | 'skipped'> {
  if (!admin) return 'skipped';
  const email = admin.email.toLowerCase();
  const existing = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
  if (existing) return 'exists';
  // Several instances may start together: only the one whose insert took reports a creation.
  const inserted = await db
    .insertInto('users')
    .values({
      email,
      firstName: 'Администратор',
      lastName: '',
      role: 'Admin',
      isVerified: true,
      passwordHash: await hashPassword(admin.password),
    })
    .onConflict((oc) => oc.column('email').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted ? 'created' : 'exists';
}
