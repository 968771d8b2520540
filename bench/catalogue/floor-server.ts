/**
 * The floor: a minimal Fastify server with one hand-written SQL statement per call
 * (floor-statements.ts), returning finished JSON straight from PostgreSQL. No validation, no tRPC,
 * no query builder, an exact count(*) for the total — what "just write the SQL" costs. Started by
 * bench/catalogue/index.ts.
 */
import Fastify from 'fastify';
import pg from 'pg';
import { floorStatement, type FloorQuery } from './floor-statements.js';

const databaseUrl = process.env['DATABASE_URL'];
const port = Number(process.env['PORT'] ?? 0);
if (!databaseUrl) throw new Error('DATABASE_URL is required');

const pool = new pg.Pool({ connectionString: databaseUrl, max: 20 });

const app = Fastify({ logger: false });

app.get('/floor/*', async (request, reply) => {
  const { text, values } = floorStatement(request.url.split('?')[0] ?? '', request.query as FloorQuery);
  const result = await pool.query<{ body: string }>(text, values);
  return reply.type('application/json').send(result.rows[0]?.body ?? 'null');
});

const shutdown = () => {
  void app.close().then(() => pool.end()).then(() => process.exit(0));
};
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);

await app.listen({ port, host: '127.0.0.1' });
process.stdout.write(`ready ${String((app.server.address() as { port: number }).port)}\n`);
