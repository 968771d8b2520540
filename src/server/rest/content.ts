import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { restError } from '../http/error-shape.js';
import QRCode from 'qrcode';
import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { messageForStatus } from '../../shared/errors.js';
import { idSchema } from '../../shared/schemas/common.js';
import type { AppServices } from '../context.js';
import { exportFileName } from '../services/content/subscribers.js';
import { adminProblem } from './media.js';
import { rawRouteErrors } from './openapi-document.js';

/** What a QR code on the goods opens: the shop's public check page. */
export function qrCheckUrl(publicUrl: string, code: string): string {
  return `${publicUrl}/check/${encodeURIComponent(code)}`;
}

const formats = { png: 'image/png', svg: 'image/svg+xml; charset=utf-8' } as const;

/**
 * The content domain's raw routes: the QR image of a record as PNG or SVG (Admin), and the
 * download name of the subscribers' export (GET /subscribes/files answers a file).
 */
export function registerContentRoutes(app: FastifyInstance, services: AppServices): void {
  for (const format of ['png', 'svg'] as const) {
    app.get<{ Params: { scannerId: string } }>(`/api/scanner/:scannerId/qr.${format}`, async (request, reply) => {
      const problem = await adminProblem(services, request);
      if (problem) return reply.code(problem.status).type('application/json').send(restError(problem.status, problem.message));
      const id = idSchema.safeParse(request.params.scannerId);
      if (!id.success) return reply.code(400).type('application/json').send(restError(400, messageForStatus(400)));
      const row = await services.db.selectFrom('scanners').select('qrCode').where('id', '=', id.data).executeTakeFirst();
      if (!row) return reply.code(404).type('application/json').send(restError(404, messageForStatus(404)));
      const text = qrCheckUrl(services.config.publicUrl, row.qrCode);
      const body =
        format === 'png'
          ? await QRCode.toBuffer(text, { type: 'png', errorCorrectionLevel: 'M', margin: 2, width: 512 })
          : await QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
      return reply
        .type(formats[format])
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="qr-${row.qrCode}.${format}"`)
        .send(body);
    });
  }

  app.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, payload, done) => {
    if (request.routeOptions.url === '/api/subscribes/files' && reply.statusCode === 200) {
      reply.header('content-disposition', `attachment; filename="${exportFileName()}"`);
    }
    done(null, payload);
  });
}


function qrImagePath(format: 'png' | 'svg'): ZodOpenApiPathsObject[string] {
  return {
    get: {
      operationId: `content-scanner-qr-${format}`,
      tags: ['scanner'],
      summary: `QR-код записи в ${format.toUpperCase()}`,
      description: 'Только для администратора. Код ведёт на публичную страницу проверки `/check/{qrCode}`; ответ — файл для скачивания.',
      security: [{ Authorization: [] }],
      requestParams: { path: z.object({ scannerId: z.number().int().min(1) }) },
      responses: {
        '200': { description: 'Изображение', content: { [formats[format].split(';')[0]!]: { schema: z.string().meta({ format: 'binary' }) } } },
        ...rawRouteErrors([400, 401, 403, 404, 429]),
      },
    },
  };
}

export const contentRoutesOpenApi: ZodOpenApiPathsObject = {
  '/scanner/{scannerId}/qr.png': qrImagePath('png'),
  '/scanner/{scannerId}/qr.svg': qrImagePath('svg'),
};
