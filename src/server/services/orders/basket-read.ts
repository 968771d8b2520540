import { sql } from 'kysely';
import { toRubles } from '../../../shared/money.js';
import type { Basket, BasketLine, LineState } from '../../../shared/schemas/orders.js';
import type { Db } from '../../db/connection.js';
import type { BasketStatus } from '../../db/tables/orders.js';
import { orderability } from './orderability.js';

/** A basket line with what the catalogue says about it now (prices in kopecks). */
export interface PricedLine {
  variantId: number;
  sizeId: number | null;
  quantity: number;
  productId: number | null;
  name: string | null;
  url: string | null;
  article: string | null;
  price: number | null;
  oldPrice: number | null;
  stock: number | null;
  image: string | null;
  availability: boolean | null;
  colorId: number | null;
  colorName: string | null;
  colorCode: string | null;
  sizeName: string | null;
  hasSizes: boolean | null;
  sizeOffered: boolean | null;
}

interface BasketRow {
  id: string;
  userId: number | null;
  status: BasketStatus;
  createdAt: Date;
  updatedAt: Date;
  lines: PricedLine[] | null;
}

/** The lines of a basket priced from the catalogue, as a SQL fragment (`basketId` a value). */
export function pricedLinesSql(basketId: string) {
  return sql<PricedLine>`
    select l.variant_id as "variantId", l.size_id as "sizeId", l.quantity,
      v.product_id as "productId", p.name, p.url, coalesce(i.article, v.article) as article, v.price, v.old_price as "oldPrice", i.stock,
      coalesce(v.images[1], p.image) as image, p.availability,
      c.id as "colorId", c.name as "colorName", c.code as "colorCode", s.name as "sizeName",
      exists (select 1 from product_sizes ps where ps.product_id = v.product_id) as "hasSizes",
      (l.size_id is not null and i.id is not null and exists (select 1 from product_sizes ps where ps.product_id = v.product_id and ps.size_id = l.size_id)) as "sizeOffered"
    from basket_lines l
    left join product_variants v on v.id = l.variant_id
    left join variant_items i on i.variant_id = l.variant_id and i.size_id is not distinct from l.size_id
    left join products p on p.id = v.product_id
    left join colors c on c.id = v.color_id
    left join sizes s on s.id = l.size_id
    where l.basket_id = ${basketId}
    order by l.position, l.id`;
}

/** What a line's state is: `ok` only when it can be ordered in full now. */
export function lineState(line: PricedLine): { state: LineState; available: number } {
  return orderability({
    exists: line.productId !== null && line.price !== null,
    sizeId: line.sizeId,
    hasSizes: line.hasSizes === true,
    sizeOffered: line.sizeOffered === true,
    availability: line.availability === true,
    stock: line.stock ?? 0,
    quantity: line.quantity,
  });
}

export function toBasketLine(line: PricedLine): BasketLine {
  const { state, available } = lineState(line);
  const price = line.price;
  return {
    variantId: line.variantId,
    sizeId: line.sizeId,
    quantity: line.quantity,
    productId: line.productId,
    name: line.name ?? 'Товар больше не продаётся',
    url: line.url,
    article: line.article,
    color: line.colorId !== null && line.colorName !== null && line.colorCode !== null ? { id: line.colorId, name: line.colorName, code: line.colorCode } : null,
    size: line.sizeId !== null && line.sizeName !== null ? { id: line.sizeId, name: line.sizeName } : null,
    image: line.image,
    price: price === null ? null : toRubles(price),
    oldPrice: line.oldPrice === null || price === null ? null : toRubles(line.oldPrice),
    // Only a line that can be ordered in full counts, so the lines always add up to the total.
    lineTotal: price === null || state !== 'ok' ? 0 : toRubles(price * line.quantity),
    available,
    state,
  };
}

/** Total of the lines that can be ordered now, in kopecks. */
export function orderableTotal(lines: readonly PricedLine[]): number {
  return lines.reduce((sum, line) => (lineState(line).state === 'ok' && line.price !== null ? sum + line.price * line.quantity : sum), 0);
}

/** One statement: the basket and its lines priced now; null when there is no such basket. */
export async function readBasket(db: Db, basketId: string): Promise<Basket | null> {
  const { rows } = await sql<BasketRow>`
    select b.id, b.user_id as "userId", b.status, b.created_at as "createdAt", b.updated_at as "updatedAt",
      (select json_agg(row_to_json(x)) from (${pricedLinesSql(basketId)}) x) as lines
    from baskets b where b.id = ${basketId}`.execute(db);
  const row = rows[0];
  if (!row) return null;
  const lines = row.lines ?? [];
  const orderProducts = lines.map(toBasketLine);
  return {
    id: row.id,
    userId: row.userId,
    status: row.status,
    orderProducts,
    totalAmount: toRubles(orderableTotal(lines)),
    totalQuantity: lines.reduce((sum, line) => sum + line.quantity, 0),
    hasProblems: orderProducts.some((line) => line.state !== 'ok'),
    createdAt: new Date(row.createdAt),
    updatedAt: new Date(row.updatedAt),
  };
}
