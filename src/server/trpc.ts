import { initTRPC, TRPCError } from '@trpc/server';
import superjson from 'superjson';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { recordAdminAction } from './services/platform/audit.js';
import { domainMessages, statusForCode, statusMessages, userMessage, validationMessage, type ValidationIssue } from '../shared/errors.js';
import type { Context } from './context.js';
import type { Access } from './rest/openapi-document.js';
import { translateDatabaseError } from './db/errors.js';
import type { HourlyLimit, IpRateLimitedAction } from './services/platform/rate-limit.js';
import { findNulCharacter } from './services/platform/text-input.js';
import { withSyncParsing } from './sync-parsing.js';

/**
 * A procedure's meta: its REST path (`openapi`) and who may call it (`access`, set by the builder
 * it starts from, or `optional` where a token changes the answer); the OpenAPI document's
 * security comes from `access`.
 */
export type ShopMeta = OpenApiMeta & { access?: Access };

function validationIssues(cause: unknown): ValidationIssue[] | undefined {
  if (cause && typeof cause === 'object' && 'issues' in cause && Array.isArray(cause.issues)) {
    return cause.issues as ValidationIssue[];
  }
  return undefined;
}

/** The Russian message a failure shows: validation issues named, catalogue text otherwise. */
export function describeError(error: TRPCError): string {
  // tRPC's own refusal of an over-long batch (app.ts, maxBatchSize) is said in English.
  if (error.message === 'Batch call exceeds maximum size') return `${statusMessages[400]} ${domainMessages.tooManyBatched}.`;
  const issues = error.code === 'BAD_REQUEST' ? validationIssues(error.cause) : undefined;
  return issues ? validationMessage(issues) : userMessage(statusForCode(error.code), error.message);
}

const t = initTRPC
  .context<Context>()
  .meta<ShopMeta>()
  .create({
    transformer: superjson,
    errorFormatter({ shape, error }) {
      return {
        ...shape,
        message: describeError(error),
        data: { code: error.code, httpStatus: statusForCode(error.code), path: shape.data.path },
      };
    },
  });

export const router = t.router;

/** Constraint violations become the catalogue's 4xx answers instead of a 500. */
const databaseErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok) {
    const translated = translateDatabaseError(result.error.cause);
    if (translated) throw translated;
  }
  return result;
});

/** A NUL character in any string of the input is refused before validation, naming the field. */
const textGuard = t.middleware(async ({ getRawInput, next }) => {
  const field = findNulCharacter(await getRawInput());
  if (field !== null) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: `${statusMessages[400]} ${field || 'значение'}: ${domainMessages.nulCharacter}` });
  }
  return next();
});

export const publicProcedure = withSyncParsing(t.procedure.use(textGuard).use(databaseErrors).meta({ access: 'public' }));

/** Past the action's limit for this IP (docs/platform.md): 429 with the catalogue's message. */
export function rateLimited(action: IpRateLimitedAction) {
  return t.middleware(async ({ ctx, next }) => {
    if (!(await ctx.rateLimits.consume(action, ctx.ip))) throw new TRPCError({ code: 'TOO_MANY_REQUESTS' });
    return next();
  });
}

/** What an anonymous caller creates (a basket, a wishlist, an address) is counted per IP and hour. */
export function guestLimited(limit: HourlyLimit) {
  return t.middleware(async ({ ctx, next }) => {
    if (!ctx.user && !(await ctx.rateLimits.consumeHourly(limit, ctx.ip))) throw new TRPCError({ code: 'TOO_MANY_REQUESTS' });
    return next();
  });
}

/** A signed-in caller of any role. */
export const userProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user) {
    throw new TRPCError({
      code: 'UNAUTHORIZED',
      message: ctx.tokenProblem === 'expired' ? domainMessages.sessionExpired : undefined,
    });
  }
  return next({ ctx: { ...ctx, user: ctx.user } });
}).meta({ access: 'user' });

/**
 * Admin only. The role is read again from the database, so a demoted or deleted admin loses
 * access at once rather than when the access token expires.
 */
export const adminProcedure = userProcedure
  .use(async ({ ctx, next }) => {
    const row = await ctx.db.selectFrom('users').select('role').where('id', '=', ctx.user.id).executeTakeFirst();
    if (row?.role !== 'Admin') throw new TRPCError({ code: 'FORBIDDEN' });
    return next();
  })
  .use(async ({ ctx, type, path, meta, getRawInput, next }) => {
    // Every change an Admin makes is written to the audit log once it succeeded (docs/audit-log.md).
    const result = await next();
    if (type === 'mutation' && result.ok) {
      const openapi = meta?.openapi;
      const entry = { userId: ctx.user.id, action: path, rest: openapi ? `${openapi.method} ${openapi.path}` : null, summary: openapi?.summary ?? '', input: await getRawInput(), answer: result.data, ip: ctx.ip };
      // The change is made: a log that cannot be written now must not turn it into an error.
      await recordAdminAction(ctx.db, entry).catch(() => undefined);
    }
    return result;
  })
  .meta({ access: 'admin' });
