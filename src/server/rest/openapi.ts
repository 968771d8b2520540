import { generateOpenApiDocument, type OpenAPIObject } from 'trpc-to-openapi';
import { appRouter } from '../routers/index.js';
import { catalogueFileRoutesOpenApi } from './catalogue-io.js';
import { contentRoutesOpenApi } from './content.js';
import { paymentRoutesOpenApi } from './payments.js';
import { orderRoutesOpenApi } from './orders.js';
import { facadeTable } from './facade.js';
import { imageRoutesOpenApi } from './media.js';
import { describeAsServed } from './openapi-document.js';

/** Generated from the procedures' zod schemas and `meta.openapi`; never written by hand. */
export function buildOpenApiDocument(): OpenAPIObject {
  const generated = generateOpenApiDocument(appRouter, {
    title: 'Интернет-магазин: REST API',
    description:
      'REST-фасад над процедурами tRPC. Ошибки приходят в виде `{ statusCode, code, message, requestId }` с русским сообщением; `requestId` — идентификатор запроса (он же в заголовке `X-Request-Id` и в журнале сервера). ' +
      'Вызовы, которым нужен вход, требуют заголовок `Authorization: Bearer <accessToken>`; у каждой операции указано, нужен ли он.',
    version: '1.0.0',
    baseUrl: '/api',
    securitySchemes: { Authorization: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    // The few raw routes (multipart upload, image bytes) are described by hand next to them.
    paths: { ...imageRoutesOpenApi, ...contentRoutesOpenApi, ...paymentRoutesOpenApi, ...catalogueFileRoutesOpenApi, ...orderRoutesOpenApi },
  });
  return describeAsServed(generated, facadeTable());
}
