import { callTRPCProcedure, getTRPCErrorFromUnknown, type AnyTRPCProcedure } from '@trpc/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { domainMessages, messageForStatus, statusForCode } from '../../shared/errors.js';
import { contextFactory, type AppServices, type Context } from '../context.js';
import { isClientGone } from '../db/request-scope.js';
import { procedureBodyLimit } from '../http/body-limits.js';
import { restError, retryAfterSeconds, type RestError } from '../http/error-shape.js';
import { appRouter } from '../routers/index.js';
import { describeError, type ShopMeta } from '../trpc.js';
import { acceptedFields, unknownFieldsMessage } from './accepted-fields.js';
import type { Access } from './openapi-document.js';

export interface FacadeRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The REST path under /api, e.g. `/tags/{tagId}`. */
  path: string;
  procedure: string;
  type: 'query' | 'mutation';
  /** Who may call it (trpc.ts, `ShopMeta.access`). */
  access: Access;
}

/**
 * The REST façade's table, read from the procedures themselves: every procedure that declares a
 * REST path in `meta.openapi` is one row. Nothing else decides what /api answers.
 */
function isProcedure(value: unknown): value is AnyTRPCProcedure {
  return typeof value === 'function' && '_def' in value && typeof value._def === 'object' && value._def !== null && 'procedure' in value._def;
}

export function facadeTable(): FacadeRoute[] {
  // tRPC keeps every procedure under its dotted path in `_def.procedures`.
  return Object.entries(appRouter._def.procedures as object).flatMap(([procedure, value]: [string, unknown]) => {
    if (!isProcedure(value)) return [];
    const { _def } = value;
    const meta = _def.meta as ShopMeta | undefined;
    const openapi = meta?.openapi;
    if (!openapi || openapi.enabled === false || _def.type === 'subscription') return [];
    return [{ method: openapi.method, path: openapi.path, procedure, type: _def.type, access: meta?.access ?? 'public' }];
  });
}

/** The builders' own refusal (trpc.ts) for a caller who may not call a route of this access. */
function accessRefusal(access: Access, ctx: Context): RestError | null {
  if (access !== 'user' && access !== 'admin') return null;
  if (!ctx.user) return restError(401, ctx.tokenProblem === 'expired' ? domainMessages.sessionExpired : messageForStatus(401));
  return access === 'admin' && ctx.user.role !== 'Admin' ? restError(403, messageForStatus(403)) : null;
}

function inputOf(request: FastifyRequest, method: FacadeRoute['method']): Record<string, unknown> {
  const carried = method === 'GET' || method === 'DELETE' ? request.query : request.body;
  const fields = typeof carried === 'object' && carried !== null && !Array.isArray(carried) ? carried : {};
  return { ...fields, ...(request.params as Record<string, string>) };
}

/**
 * Registers one Fastify route per row: Fastify matches the path and decodes its parameters, the
 * query string or JSON body plus the path parameters become the procedure's input, and the
 * procedure runs exactly as it does over tRPC (same middlewares, validation and access checks).
 * Failures answer `{ statusCode, message }` (docs/api.md).
 */
export function registerFacade(app: FastifyInstance, services: AppServices): void {
  const createContext = contextFactory(services);
  for (const route of facadeTable()) {
    const procedure = (appRouter._def.procedures as Record<string, unknown>)[route.procedure];
    const accepted = isProcedure(procedure) ? acceptedFields(procedure, route.method !== 'GET' && route.method !== 'DELETE') : null;
    const pathParameters = [...route.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '');
    app.route({
      method: route.method,
      url: `/api${route.path.replace(/\{(\w+)\}/g, ':$1')}`,
      // The JSON body this procedure takes (a GET or DELETE takes none; http/request-bodies.ts).
      bodyLimit: procedureBodyLimit(route.procedure),
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        const input = inputOf(request, route.method);
        const carried = Object.keys(input).filter((name) => !pathParameters.includes(name));
        const unknown = accepted && unknownFieldsMessage(carried, accepted, pathParameters);
        try {
          const ctx = await createContext({ req: request });
          // Who may call comes first (as in trpc.ts): an anonymous caller learns nothing about the fields.
          if (unknown) {
            const refusal = accessRefusal(route.access, ctx);
            return refusal ? reply.code(refusal.statusCode).send(refusal) : reply.code(400).send(restError(400, unknown));
          }
          const output: unknown = await callTRPCProcedure({
            router: appRouter,
            path: route.procedure,
            type: route.type,
            ctx,
            getRawInput: () => Promise.resolve(input),
            signal: undefined,
            batchIndex: 0,
          });
          return reply.send(output ?? null);
        } catch (cause) {
          const error = getTRPCErrorFromUnknown(cause);
          const statusCode = statusForCode(error.code);
          if (statusCode === 503) reply.header('retry-after', String(retryAfterSeconds));
          else if (isClientGone(error)) request.log.info({ procedure: route.procedure }, 'client went away; its statements were cancelled');
          else if (statusCode >= 500) request.log.error({ err: error.cause ?? error, procedure: route.procedure }, 'REST procedure failed');
          return reply.code(statusCode).send(restError(statusCode, describeError(error)));
        }
      },
    });
  }
}
