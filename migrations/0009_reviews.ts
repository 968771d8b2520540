import { sql, type Kysely } from 'kysely';

/**
 * Reviews and questions (docs/reviews.md): reviews with a rating and photos, their
 * comments, questions and their comments (answers), and one reaction table per target, each with
 * a unique (target, user) pair so that two concurrent likes can only ever make one row.
 *
 * A product's `rating` and `review_count` are kept by a trigger on `reviews` (every insert,
 * delete and change of rating or product, cascades included): it locks the product row and then
 * recomputes both from the reviews in a fresh snapshot, so concurrent writes cannot lose one.
 *
 * Uploaded images now record who uploaded them (`uploaded_by`): shoppers may only attach their
 * own uploads to a review, within a daily quota counted from this column.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table images add column uploaded_by integer references users (id) on delete set null`.execute(db);
  await sql`create index images_uploaded_by_idx on images (uploaded_by, created_at) where uploaded_by is not null`.execute(db);

  await sql`
    create table reviews (
      id serial primary key,
      product_id integer not null references products (id) on delete cascade,
      user_id integer not null references users (id) on delete cascade,
      rating smallint not null check (rating between 1 and 5),
      text text not null,
      images text[] not null default '{}',
      show_on_main boolean not null default false,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint reviews_product_user_key unique (product_id, user_id)
    )`.execute(db);
  await sql`create index reviews_product_created_idx on reviews (product_id, created_at)`.execute(db);
  await sql`create index reviews_user_idx on reviews (user_id, created_at)`.execute(db);
  await sql`create index reviews_show_on_main_idx on reviews (created_at) where show_on_main`.execute(db);
  await sql`create index reviews_images_idx on reviews using gin (images)`.execute(db);

  await sql`
    create table review_comments (
      id serial primary key,
      review_id integer not null references reviews (id) on delete cascade,
      user_id integer not null references users (id) on delete cascade,
      text text not null,
      is_shop boolean not null default false,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index review_comments_review_idx on review_comments (review_id, created_at)`.execute(db);

  await sql`
    create table questions (
      id serial primary key,
      product_id integer not null references products (id) on delete cascade,
      user_id integer not null references users (id) on delete cascade,
      text text not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index questions_product_created_idx on questions (product_id, created_at)`.execute(db);
  await sql`create index questions_user_idx on questions (user_id, created_at)`.execute(db);

  await sql`
    create table question_comments (
      id serial primary key,
      question_id integer not null references questions (id) on delete cascade,
      user_id integer not null references users (id) on delete cascade,
      text text not null,
      is_shop boolean not null default false,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index question_comments_question_idx on question_comments (question_id, created_at)`.execute(db);

  for (const [table, target, targetTable] of [
    ['review_reactions', 'review_id', 'reviews'],
    ['review_comment_reactions', 'comment_id', 'review_comments'],
    ['question_reactions', 'question_id', 'questions'],
    ['question_comment_reactions', 'comment_id', 'question_comments'],
  ] as const) {
    await sql`
      create table ${sql.table(table)} (
        id serial primary key,
        ${sql.ref(target)} integer not null references ${sql.table(targetTable)} (id) on delete cascade,
        user_id integer not null references users (id) on delete cascade,
        reaction text not null check (reaction in ('Like', 'Dislike')),
        created_at timestamptz not null default now(),
        constraint ${sql.ref(`${table}_target_user_key`)} unique (${sql.ref(target)}, user_id)
      )`.execute(db);
    await sql`create index ${sql.ref(`${table}_user_idx`)} on ${sql.table(table)} (user_id)`.execute(db);
  }

  // Lock first, then read the reviews in a new statement: in READ COMMITTED each statement of a
  // plpgsql function sees what concurrent transactions committed before it started, so the
  // second of two concurrent reviews counts the first.
  await sql`
    create function reviews_refresh_product_rating(target integer) returns void language plpgsql as $$
    begin
      perform 1 from products where id = target for update;
      update products p
         set rating = s.mean, review_count = s.n
        from (select avg(rating)::real as mean, count(*)::int as n from reviews where product_id = target) s
       where p.id = target;
    end $$`.execute(db);
  await sql`
    create function reviews_track_rating() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        perform reviews_refresh_product_rating(new.product_id);
      else
        perform reviews_refresh_product_rating(old.product_id);
        if tg_op = 'UPDATE' and new.product_id <> old.product_id then
          perform reviews_refresh_product_rating(new.product_id);
        end if;
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger reviews_rating after insert or delete or update of rating, product_id on reviews
    for each row execute function reviews_track_rating()`.execute(db);
}

export function down(): Promise<void> {
  return Promise.reject(new Error('Migrations are forward-only'));
}
