import { generateOpenApiDocument, type OpenAPIObject } from 'trpc-to-openapi';
import { appRouter } from '../routers/index.js';
import { contentRoutesOpenApi } from './content.js';
import { imageRoutesOpenApi } from './media.js';

/** Generated from the procedures' zod schemas and `meta.openapi`; never written by hand. */
export function buildOpenApiDocument(): OpenAPIObject {
  return generateOpenApiDocument(appRouter, {
    title: 'Интернет-магазин: REST API',
    description:
      'REST-фасад над процедурами tRPC. Ошибки приходят в виде `{ statusCode, message }` с русским сообщением. ' +
      'Защищённые вызовы требуют заголовок `Authorization: Bearer <accessToken>`.',
    version: '1.0.0',
    baseUrl: '/api',
    securitySchemes: { Authorization: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    // The few raw routes (multipart upload, image bytes) are described by hand next to them.
    paths: { ...imageRoutesOpenApi, ...contentRoutesOpenApi },
  });
}
