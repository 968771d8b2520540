/**
 * The checkout floor: a minimal Fastify route doing the shop's writes for a one-click order in one
 * hand-written SQL transaction (the variant locked, then its item of the size; the item's stock
 * checked and taken from the item and the variant, the product summary refreshed, the order with its line snapshot and first history entry, the letter row) and
 * answering finished JSON. No validation, no tRPC, no query builder. Started by bench/checkout/index.ts.
 */
import Fastify from 'fastify';
import pg from 'pg';

const databaseUrl = process.env['DATABASE_URL'];
if (!databaseUrl) throw new Error('DATABASE_URL is required');
const pool = new pg.Pool({ connectionString: databaseUrl, max: 20 });

const app = Fastify({ logger: false });

interface Body {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address: { address: string; city: string; country: string; zipCode: string };
  oneClick: { variantId: number; sizeId?: number | null; quantity?: number };
}

app.post('/floor/checkout', async (request, reply) => {
  const body = request.body as Body;
  const quantity = body.oneClick.quantity ?? 1;
  const client = await pool.connect();
  try {
    await client.query('begin');
    const locked = await client.query<{ id: number; product_id: number; price: number; name: string; url: string; image: string | null; color: string | null }>(
      `select v.id, v.product_id, v.price, p.name, p.url, coalesce(v.images[1], p.image) as image, c.name as color
       from product_variants v join products p on p.id = v.product_id left join colors c on c.id = v.color_id
       where v.id = $1 and p.availability for update of v`,
      [body.oneClick.variantId],
    );
    const variant = locked.rows[0];
    const item = variant
      ? (
          await client.query<{ id: number; stock: number; article: string; size_name: string | null }>(
            `select i.id, i.stock, i.article, z.name as size_name from variant_items i left join sizes z on z.id = i.size_id
             where i.variant_id = $1 and i.size_id is not distinct from $2 for update of i`,
            [variant.id, body.oneClick.sizeId ?? null],
          )
        ).rows[0]
      : undefined;
    if (!variant || !item || item.stock < quantity) {
      await client.query('rollback');
      return reply.code(409).send({ statusCode: 409, message: `Недостаточно товара на складе: ${variant?.name ?? ''}` });
    }
    await client.query('update variant_items set stock = stock - $2 where id = $1', [item.id, quantity]);
    await client.query('update product_variants set stock = stock - $2 where id = $1', [variant.id, quantity]);
    await client.query('select id from products where id = $1 for update', [variant.product_id]);
    await client.query(
      `update products p set price = s.price, old_price = s.old_price, in_stock = s.in_stock, version = p.version + 1
       from (select distinct on (v.product_id) v.product_id, v.price, v.old_price, bool_or(v.stock > 0) over (partition by v.product_id) as in_stock
             from product_variants v where v.product_id = $1 order by v.product_id, (v.stock > 0) desc, v.price, v.position) s
       where p.id = s.product_id`,
      [variant.product_id],
    );
    const total = variant.price * quantity;
    const order = await client.query<{ id: number; created_at: Date }>(
      `insert into checkouts (user_id, one_click, first_name, last_name, email, phone, address, city, country, zip_code, total_amount, total_quantity)
       values (null, true, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning id, created_at`,
      [body.firstName, body.lastName, body.email, body.phone, body.address.address, body.address.city, body.address.country, body.address.zipCode, total, quantity],
    );
    const id = order.rows[0]!.id;
    await client.query(
      `insert into checkout_lines (checkout_id, position, product_id, variant_id, size_id, product_name, product_url, article, color_name, size_name, image, quantity, unit_price)
       values ($1, 0, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
      [id, variant.product_id, variant.id, body.oneClick.sizeId ?? null, variant.name, variant.url, item.article, variant.color, item.size_name, variant.image, quantity, variant.price],
    );
    await client.query(`insert into checkout_status_history (checkout_id, from_status, to_status) values ($1, null, 'New')`, [id]);
    await client.query(`insert into mail_outbox (recipient, subject, text, html) values ($1, $2, $3, $3)`, [body.email, `Заказ № ${id} принят`, `${variant.name} × ${quantity}`]);
    await client.query('commit');
    return reply.type('application/json').send({ id, status: 'New', totalAmount: total / 100, lines: [{ name: variant.name, quantity, price: variant.price / 100 }] });
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
});

const shutdown = () => {
  void app.close().then(() => pool.end()).then(() => process.exit(0));
};
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);

await app.listen({ port: Number(process.env['PORT'] ?? 0), host: '127.0.0.1' });
process.stdout.write(`ready ${String((app.server.address() as { port: number }).port)}\n`);
