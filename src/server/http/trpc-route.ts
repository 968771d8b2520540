import { getTRPCErrorShape, transformTRPCResponse, TRPCError } from '@trpc/server';
import { fastifyRequestHandler, type FastifyHandlerOptions } from '@trpc/server/adapters/fastify';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorCodes, userMessage, type ErrorCode } from '../../shared/errors.js';
import { appRouter, type AppRouter } from '../routers/index.js';

/** The tRPC endpoint: `/trpc/<procedure>[,<procedure>…][?batch=1]`. */
export const trpcRouteUrl = '/trpc/:path';

function codeForStatus(status: number): ErrorCode {
  const code = (Object.keys(errorCodes) as ErrorCode[]).find((candidate) => errorCodes[candidate] === status && candidate !== 'PARSE_ERROR');
  return code ?? (status >= 500 ? 'INTERNAL_SERVER_ERROR' : 'BAD_REQUEST');
}

/**
 * A refusal made before tRPC ran (a hook or the body parser: budget, size, shape, content type),
 * in tRPC's own envelope, one error per call the URL names, so the client reads it as it reads any
 * other failure: the catalogue's Russian message, `data.code` and `data.httpStatus`.
 */
function answerInTrpcEnvelope(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
  if (status >= 500) request.log.error(error);
  const refusal = new TRPCError({ code: codeForStatus(status), message: userMessage(status, error.message) });
  const { path = '' } = request.params as { path?: string };
  const isBatch = (request.query as Record<string, unknown>)['batch'] === '1';
  const config = appRouter._def._config;
  const calls = (isBatch ? path.split(',') : [path]).map((callPath) => ({
    error: getTRPCErrorShape({ config, error: refusal, type: 'unknown', path: callPath, input: undefined, ctx: undefined }),
  }));
  void reply
    .code(status)
    .type('application/json')
    .send(transformTRPCResponse(config, isBatch ? calls : calls[0]!));
}

/**
 * The route @trpc/server's Fastify plugin registers, without the plugin's own body parser: that one
 * read every body of up to the server's limit into a string, whatever the method or procedure.
 * Here the app's parser reads a body only within the limit of the mutations the URL names
 * (http/request-bodies.ts) and hands tRPC the text to parse once.
 */
export function registerTrpcRoute(app: FastifyInstance, trpcOptions: FastifyHandlerOptions<AppRouter, FastifyRequest, FastifyReply>): void {
  app.all(trpcRouteUrl, { errorHandler: answerInTrpcEnvelope }, async (request, reply) => {
    const { path = '' } = request.params as { path?: string };
    await fastifyRequestHandler({ ...trpcOptions, req: request, res: reply, path });
  });
}
