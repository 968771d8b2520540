import { sql } from 'kysely';
import type { StockAlertCount } from '../../../shared/schemas/stock-alerts.js';
import type { Db } from '../../db/connection.js';

/**
 * GET /stock-alerts?productId= (Admin): per item of the product, how many confirmed alerts wait
 * for it to come back and for its price to drop. Items nobody waits for are left out.
 */
export async function countWaiting(db: Db, productId: number): Promise<{ items: StockAlertCount[] }> {
  const { rows } = await sql<StockAlertCount>`
    select a.variant_id as "variantId", a.size_id as "sizeId",
      (count(*) filter (where a.kind = 'restock'))::int as restock,
      (count(*) filter (where a.kind = 'price'))::int as price
    from stock_alerts a join product_variants v on v.id = a.variant_id
    where v.product_id = ${productId} and a.notified_at is null and a.confirmed_at is not null
    group by a.variant_id, a.size_id
    order by a.variant_id, a.size_id nulls first`.execute(db);
  return { items: rows };
}
