import { TRPCError } from '@trpc/server';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { checkoutStatuses } from '../../shared/schemas/orders.js';
import { checkoutExportQuerySchema } from '../../shared/schemas/orders-staff.js';
import type { AppServices } from '../context.js';
import { restError } from '../http/error-shape.js';
import { exportCheckoutsCsv, exportFileName } from '../services/orders/checkout-export.js';
import { adminProblem } from './media.js';
import { rawRouteErrors } from './openapi-document.js';

export const checkoutExportPath = '/api/checkouts/export';

/**
 * The orders' CSV export (docs/orders-staff.md): a plain route because it answers a file, not
 * JSON. Admin only (401/403 as JSON like every refusal); a bad query 400 naming the field.
 */
export function registerOrderRoutes(app: FastifyInstance, services: AppServices): void {
  app.get(checkoutExportPath, async (request, reply) => {
    const problem = await adminProblem(services, request);
    if (problem) return reply.code(problem.status).type('application/json').send(restError(problem.status, problem.message));
    const query = checkoutExportQuerySchema.safeParse(request.query);
    if (!query.success) {
      const issue = query.error.issues[0];
      const field = issue?.path.join('.') ?? '';
      return reply.code(400).type('application/json').send(restError(400, `${issue?.message ?? 'Неверный запрос'}${field ? ` (${field})` : ''}`));
    }
    try {
      const csv = await exportCheckoutsCsv(services.db, query.data);
      return reply
        .type('text/csv; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="${exportFileName(query.data)}"`)
        .send(csv);
    } catch (error) {
      if (error instanceof TRPCError && error.code === 'BAD_REQUEST') return reply.code(400).type('application/json').send(restError(400, error.message));
      throw error;
    }
  });
}

export const orderRoutesOpenApi: ZodOpenApiPathsObject = {
  '/checkouts/export': {
    get: {
      operationId: 'orders-checkouts-export',
      tags: ['checkouts'],
      summary: 'Выгрузка заказов в CSV (администратор)',
      description:
        'Orders created in `[createdFrom, createdTo]` (ISO dates or times), optionally of one `status`, oldest first. UTF-8 with a BOM, `;` between cells, CRLF, decimal commas, Moscow time — opens in Russian Excel as is. At most 20 000 orders a file (else 400).',
      security: [{ Authorization: [] }],
      requestParams: {
        query: z.object({ createdFrom: z.string().optional(), createdTo: z.string().optional(), status: z.enum(checkoutStatuses).optional() }),
      },
      responses: {
        '200': { description: 'CSV-файл', content: { 'text/csv': { schema: z.string() } } },
        ...rawRouteErrors([400, 401, 403, 429]),
      },
    },
  },
};
