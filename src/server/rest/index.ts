import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { AppServices } from '../context.js';
import { catalogueFileRoutes } from './catalogue-io.js';
import { registerContentRoutes } from './content.js';
import { registerDocsPage } from './docs.js';
import { registerFacade } from './facade.js';
import { imageRoutes } from './media.js';
import { buildOpenApiDocument } from './openapi.js';
import { registerPaymentRoutes } from './payments.js';
import { registerOrderRoutes } from './orders.js';

/**
 * The REST façade at /api: one route per procedure that declares a REST path in `meta.openapi`
 * (facade.ts), so the façade is a table by construction and holds no business logic; the OpenAPI
 * document is generated from the same procedures by trpc-to-openapi. Failures take the REST
 * `{ statusCode, message }` shape app-wide (http/error-shape.ts).
 */
export function restPlugin(services: AppServices): FastifyPluginAsync {
  return async (app: FastifyInstance) => {
    const document = buildOpenApiDocument();

    app.get('/api/openapi.json', (_request, reply) => reply.send(document));
    await registerDocsPage(app);

    // Raw routes: the multipart upload and the image bytes.
    await app.register(imageRoutes(services));
    registerContentRoutes(app, services);
    registerPaymentRoutes(app, services);
    await app.register(catalogueFileRoutes(services));
    registerOrderRoutes(app, services);
    registerFacade(app, services);
  };
}
