import { sql, type Kysely } from 'kysely';

/**
 * Delivery (docs/delivery.md): the shop's methods with their price rules, the courier's zones by
 * city, the shop's own pickup points, and the delivery recorded on each order.
 * - Money is bigint kopecks, as everywhere (0015_money_bigint). `free_from` null: never free.
 * - A courier method is priced by its zones (a zone lists its cities); pickup and post use the
 *   method's own price, threshold and days.
 * - The order keeps a snapshot of its delivery (name, estimate, cost, the point's name, address
 *   and hours): editing or removing a method or point never changes an order. The ids are kept for
 *   reference only and set to null when the method or point goes.
 * - Orders placed before delivery existed have no delivery and `items_amount = total_amount`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table delivery_methods (
      id integer generated always as identity primary key,
      kind text not null check (kind in ('courier', 'pickup', 'post')),
      name text not null,
      description text not null default '',
      price bigint not null default 0 check (price >= 0),
      free_from bigint check (free_from > 0),
      min_days integer not null default 1 check (min_days >= 0),
      max_days integer not null default 3,
      active boolean not null default true,
      position integer not null default 0,
      version integer not null default 1,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check (max_days >= min_days)
    )`.execute(db);
  await sql`create index delivery_methods_active_idx on delivery_methods (position, id) where active`.execute(db);
  await sql`
    create table delivery_zones (
      id integer generated always as identity primary key,
      method_id integer not null references delivery_methods (id) on delete cascade,
      name text not null,
      cities text[] not null default '{}',
      price bigint not null default 0 check (price >= 0),
      free_from bigint check (free_from > 0),
      min_days integer not null default 1 check (min_days >= 0),
      max_days integer not null default 3,
      position integer not null default 0,
      check (max_days >= min_days)
    )`.execute(db);
  await sql`create index delivery_zones_method_idx on delivery_zones (method_id, position)`.execute(db);
  await sql`
    create table pickup_points (
      id integer generated always as identity primary key,
      name text not null,
      city text not null,
      address text not null,
      hours text not null default '',
      latitude double precision not null check (latitude between -90 and 90),
      longitude double precision not null check (longitude between -180 and 180),
      active boolean not null default true,
      position integer not null default 0,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    alter table checkouts
      add column delivery_method_id integer references delivery_methods (id) on delete set null,
      add column delivery_kind text check (delivery_kind in ('courier', 'pickup', 'post')),
      add column delivery_name text,
      add column delivery_estimate text,
      add column delivery_cost bigint not null default 0 check (delivery_cost >= 0),
      add column items_amount bigint,
      add column pickup_point_id integer references pickup_points (id) on delete set null,
      add column pickup_point_name text,
      add column pickup_point_address text,
      add column pickup_point_hours text`.execute(db);
  await sql`update checkouts set items_amount = total_amount`.execute(db);
  await sql`create index checkouts_delivery_method_idx on checkouts (delivery_method_id) where delivery_method_id is not null`.execute(db);
  await sql`create index checkouts_pickup_point_idx on checkouts (pickup_point_id) where pickup_point_id is not null`.execute(db);
}

export function down(): Promise<void> {
  return Promise.reject(new Error('Migrations are forward-only'));
}
