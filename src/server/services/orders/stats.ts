import { sql } from 'kysely';
import { toRubles } from '../../../shared/money.js';
import type { CheckoutStats } from '../../../shared/schemas/orders.js';
import type { Db } from '../../db/connection.js';

/** Days are Moscow days: the shop's orders are counted by the calendar its staff work by. */
const zone = 'Europe/Moscow';

/**
 * The /admin dashboard in one statement: orders and revenue per day for the last 30 days (every
 * day listed, 0 when quiet; revenue leaves out cancelled and unpaid online orders), orders by status, money taken online, new orders.
 */
export async function checkoutStats(db: Db): Promise<CheckoutStats> {
  const { rows } = await sql<{
    days: Array<{ date: string; orders: number; revenue: number }>;
    byStatus: Record<string, number> | null;
    ordersToday: number;
    paidRevenue30: string | number;
  }>`
    with bounds as (select (now() at time zone ${zone})::date as today),
    recent as (
      select (o.created_at at time zone ${zone})::date as day, o.status, o.total_amount
      from checkouts o, bounds
      where o.created_at >= ((bounds.today - 29)::timestamp at time zone ${zone})
    ),
    days as (
      select d::date as day from bounds, generate_series(bounds.today - 29, bounds.today, interval '1 day') as d
    )
    select
      (select json_agg(json_build_object(
          'date', to_char(days.day, 'YYYY-MM-DD'),
          'orders', (select count(*) from recent r where r.day = days.day),
          'revenue', (select coalesce(sum(r.total_amount), 0) from recent r where r.day = days.day and r.status not in ('Canceled', 'AwaitingPayment'))
        ) order by days.day) from days) as days,
      (select json_object_agg(s.status, s.n) from (select status, count(*) as n from checkouts group by status) s) as "byStatus",
      (select count(*) from recent, bounds where recent.day = bounds.today)::int as "ordersToday",
      -- Money taken online (docs/payments.md): payments succeeded minus refunds, the same 30 days.
      (select coalesce(sum(p.amount), 0) from payments p, bounds where p.status = 'succeeded' and p.paid_at >= ((bounds.today - 29)::timestamp at time zone ${zone}))
        - (select coalesce(sum(r.amount), 0) from refunds r, bounds where r.status <> 'canceled' and r.created_at >= ((bounds.today - 29)::timestamp at time zone ${zone})) as "paidRevenue30"`.execute(db);
  const row = rows[0];
  const counts = row?.byStatus ?? {};
  const days = (row?.days ?? []).map((day) => ({ date: day.date, orders: Number(day.orders), revenue: toRubles(Number(day.revenue)) }));
  const byStatus = { AwaitingPayment: Number(counts['AwaitingPayment'] ?? 0), New: Number(counts['New'] ?? 0), InDelivery: Number(counts['InDelivery'] ?? 0), Completed: Number(counts['Completed'] ?? 0), Canceled: Number(counts['Canceled'] ?? 0) };
  return {
    days,
    byStatus,
    newOrders: byStatus.New,
    ordersToday: Number(row?.ordersToday ?? 0),
    orders30: days.reduce((sum, day) => sum + day.orders, 0),
    revenue30: toRubles(days.reduce((sum, day) => sum + Math.round(day.revenue * 100), 0)),
    paidRevenue30: toRubles(Number(row?.paidRevenue30 ?? 0)),
  };
}
