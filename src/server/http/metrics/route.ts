import { timingSafeEqual } from 'node:crypto';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { messageForStatus } from '../../../shared/errors.js';
import { bearerToken } from '../../context.js';
import type { Db } from '../../db/connection.js';
import { appRouter } from '../../routers/index.js';
import { restError } from '../error-shape.js';
import { trpcRouteUrl } from '../trpc-route.js';
import { createShopMetrics, type ShopMetrics } from './shop-metrics.js';

export const metricsPath = '/metrics';

const procedures = new Set(Object.keys(appRouter._def.procedures));

/**
 * What a request is counted under: the route's pattern (`/api/products/:id`), never its address,
 * so ids and tokens do not multiply the series. A tRPC request counts once per procedure it names
 * (a batch is timed as a whole); a name that is no procedure is `trpc:unknown`. A request no route
 * takes is `page` (a storefront page, answered from the SPA shell) or `unmatched`.
 */
export function routeLabels(request: FastifyRequest): string[] {
  const pattern = request.routeOptions.url;
  if (pattern === trpcRouteUrl) {
    const { path: names = '' } = request.params as { path?: string };
    return [...new Set(names.split(',').map((name) => (procedures.has(name) ? `trpc:${name}` : 'trpc:unknown')))];
  }
  if (pattern) return [pattern];
  const address = request.url.split('?')[0] ?? '';
  const isApi = address.startsWith('/api') || address.startsWith('/trpc');
  const isPage = (request.method === 'GET' || request.method === 'HEAD') && !isApi && !path.extname(address);
  return [isPage ? 'page' : 'unmatched'];
}

/** True when the request carries `Authorization: Bearer <token>` with exactly this token. */
function presentsToken(request: FastifyRequest, token: string): boolean {
  const given = Buffer.from(bearerToken(request) ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function refuse(reply: FastifyReply, status: 401 | 404) {
  if (status === 401) reply.header('www-authenticate', 'Bearer realm="metrics"');
  return reply.code(status).type('application/json').header('cache-control', 'no-store').send(restError(status, messageForStatus(status)));
}

/**
 * `GET /metrics` in the Prometheus text format, for a scraper presenting `METRICS_TOKEN` as a
 * Bearer token (docs/metrics.md). Without a token configured nothing is measured and /metrics
 * answers 404; a scrape without the token, or with another, gets 401. `replica`: the read
 * replica's handle, when there is one, measured as `database="replica"`.
 */
export function registerMetrics(app: FastifyInstance, db: Db, token: string | undefined, replica?: Db): ShopMetrics | undefined {
  const metrics = token ? createShopMetrics(db, replica) : undefined;
  app.get(metricsPath, { logLevel: 'warn' }, async (request, reply) => {
    if (!metrics || !token) return refuse(reply, 404);
    if (!presentsToken(request, token)) return refuse(reply, 401);
    const text = await metrics.registry.metrics();
    return reply.type(metrics.registry.contentType).header('cache-control', 'no-store').send(text);
  });
  if (!metrics) return undefined;

  app.addHook('onResponse', (request, reply, done) => {
    const seconds = reply.elapsedTime / 1000;
    const statusCode = String(reply.statusCode);
    for (const route of routeLabels(request)) metrics.requestDuration.observe({ method: request.method, route, status_code: statusCode }, seconds);
    done();
  });
  app.addHook('onClose', (_app, done) => {
    metrics.close();
    done();
  });
  return metrics;
}
