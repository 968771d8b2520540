import type { Kysely } from 'kysely';

/** E-mail tokens, the mail outbox and help-desk messages. */
export function up(_db: Kysely<unknown>): Promise<void> {
  return Promise.resolve();
}

export function down(): Promise<void> {
  return Promise.reject(new Error('Migrations are forward-only'));
}
