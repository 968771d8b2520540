import { TRPCError } from '@trpc/server';
import { fastifyRequestHandler, type FastifyHandlerOptions } from '@trpc/server/adapters/fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppRouter } from '../routers/index.js';
import { bodyRefusalOf, trpcRouteUrl } from './request-bodies.js';

/**
 * The tRPC endpoint, `/trpc/<procedure>[,<procedure>…]`. This is the route @trpc/server's Fastify
 * plugin registers, without the plugin's own body parser: that one read every body of up to the
 * server's limit into a string, whatever the method or procedure. Here the app's parser reads a
 * body only within the limit of the mutations the URL names (http/request-bodies.ts), and hands
 * tRPC the text to parse once.
 *
 * A request refused before its body was parsed (budget, size, shape, type) is answered by tRPC
 * itself, in its envelope with the catalogue's message: the context cannot be made, so every call
 * of the batch fails with that error and no procedure runs.
 */
export function registerTrpcRoute(app: FastifyInstance, trpcOptions: FastifyHandlerOptions<AppRouter, FastifyRequest, FastifyReply>): void {
  app.all(trpcRouteUrl, async (request, reply) => {
    const refusal = bodyRefusalOf(request);
    const { path = '' } = request.params as { path?: string };
    await fastifyRequestHandler({
      ...trpcOptions,
      ...(refusal
        ? {
            createContext: () => {
              throw new TRPCError({ code: refusal.code, message: refusal.message });
            },
          }
        : {}),
      req: request,
      res: reply,
      path,
    });
  });
}
