import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/connection.js';

/**
 * The HS256 key of access tokens. JWT_SECRET when set; otherwise a random key made on the first
 * start and kept in the database, so that it survives restarts and every instance shares it.
 * There is no fixed key anywhere in the source: nobody can sign a token without the database.
 */
export async function jwtSecret(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  // Two instances starting together: one insert wins, both read the winner.
  await db
    .insertInto('appState')
    .values({ name: 'jwt-secret', value: randomBytes(48).toString('base64url') })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('appState').select('value').where('name', '=', 'jwt-secret').executeTakeFirstOrThrow();
  return row.value;
}

/** Whether the demo data went in: marked by the seed in its own transaction. */
export async function isDemoSeeded(db: Db): Promise<boolean> {
  return Boolean(await db.selectFrom('appState').select('name').where('name', '=', 'demo-seeded').executeTakeFirst());
}

export async function markDemoSeeded(db: Db): Promise<void> {
  await db
    .insertInto('appState')
    .values({ name: 'demo-seeded', value: new Date().toISOString() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
}
