import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { messageForStatus } from '../../shared/errors.js';
import type { AppServices } from '../context.js';
import { restError } from '../http/error-shape.js';
import { handlePaymentNotification } from '../services/payments/notifications.js';
import { rawRouteErrors } from './openapi-document.js';

export const notificationsPath = '/api/payments/yookassa/notifications';

/** A notification is small (one payment object); a larger body is refused unread (413). */
const notificationBodyLimit = 16 * 1024;

/** All the shop reads of a notification: the event's kind and the object's id. */
export const notificationSchema = z.object({
  type: z.string().max(50).optional(),
  event: z.string().max(100).optional(),
  object: z.object({ id: z.string().trim().min(1).max(100) }),
});

/**
 * ЮKassa's HTTP notifications (docs/payments.md): a plain route, not a procedure. Only the object's
 * id is read; what happened is asked of the provider by that id. A well-formed notification is
 * answered 200 whatever it names (ЮKassa sends again until it gets 200); a malformed one 400.
 */
export function registerPaymentRoutes(app: FastifyInstance, services: AppServices): void {
  app.post(notificationsPath, { bodyLimit: notificationBodyLimit }, async (request, reply) => {
    const body = notificationSchema.safeParse(request.body);
    if (!body.success) return reply.code(400).type('application/json').send(restError(400, messageForStatus(400)));
    await handlePaymentNotification(services, body.data, request.log);
    return reply.code(200).type('application/json').send({ ok: true });
  });
}

export const paymentRoutesOpenApi: ZodOpenApiPathsObject = {
  '/payments/yookassa/notifications': {
    post: {
      operationId: 'payments-yookassa-notifications',
      tags: ['payments'],
      security: [],
      summary: 'Уведомление ЮKassa о платеже или возврате',
      description:
        'Called by ЮKassa, not by integrators. Only `object.id` is read; the payment (or refund) is then fetched from ЮKassa by that id and acted on as ЮKassa answers. Always 200 for a well-formed body.',
      requestBody: { content: { 'application/json': { schema: notificationSchema } } },
      responses: {
        '200': { description: 'Принято', content: { 'application/json': { schema: z.object({ ok: z.literal(true) }) } } },
        ...rawRouteErrors([400, 413, 429]),
      },
    },
  },
};
