import { sql, type Kysely } from 'kysely';

/**
 * Moderation of reviews and questions, and the staff's inbox (docs/moderation.md).
 *
 * Reviews and questions get a moderation state: `pending`, `approved` or `rejected`, the reason
 * the author is shown, who decided and when. Rows written before moderation existed were public,
 * so they are `approved`. A product's rating and review count now count approved reviews only:
 * the rating function of 0009 is replaced and the trigger also fires on a change of the state.
 *
 * Callback requests and help-desk messages get a handling state (`new`, `inProgress`, `done`),
 * who handled them last, when, and the staff's notes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['reviews', 'questions'] as const) {
    await sql`
      alter table ${sql.table(table)}
        add column moderation_status text not null default 'approved'
          constraint ${sql.ref(`${table}_moderation_status_check`)} check (moderation_status in ('pending', 'approved', 'rejected')),
        add column moderation_reason text,
        add column moderated_by integer references users (id) on delete set null,
        add column moderated_at timestamptz`.execute(db);
    await sql`create index ${sql.ref(`${table}_moderation_queue_idx`)} on ${sql.table(table)} (created_at) where moderation_status = 'pending'`.execute(db);
  }

  await sql`
    create or replace function reviews_refresh_product_rating(target integer) returns void language plpgsql as $$
    begin
      perform 1 from products where id = target for update;
      update products p
         set rating = s.mean, review_count = s.n
        from (select avg(rating)::real as mean, count(*)::int as n
                from reviews where product_id = target and moderation_status = 'approved') s
       where p.id = target;
    end $$`.execute(db);
  await sql`drop trigger reviews_rating on reviews`.execute(db);
  await sql`
    create trigger reviews_rating after insert or delete or update of rating, product_id, moderation_status on reviews
    for each row execute function reviews_track_rating()`.execute(db);

  for (const table of ['callback_requests', 'help_messages'] as const) {
    await sql`
      alter table ${sql.table(table)}
        add column status text not null default 'new'
          constraint ${sql.ref(`${table}_status_check`)} check (status in ('new', 'inProgress', 'done')),
        add column note text not null default '',
        add column handled_by integer references users (id) on delete set null,
        add column handled_at timestamptz`.execute(db);
    await sql`create index ${sql.ref(`${table}_new_idx`)} on ${sql.table(table)} (created_at) where status = 'new'`.execute(db);
  }
}

export function down(): Promise<void> {
  return Promise.reject(new Error('Migrations are forward-only'));
}
