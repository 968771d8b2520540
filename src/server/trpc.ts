import { initTRPC, TRPCError } from '@trpc/server';
import superjson from 'superjson';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { domainMessages, statusForCode, userMessage, validationMessage, type ValidationIssue } from '../shared/errors.js';
import type { Context } from './context.js';
import { translateDatabaseError } from './db/errors.js';

function validationIssues(cause: unknown): ValidationIssue[] | undefined {
  if (cause && typeof cause === 'object' && 'issues' in cause && Array.isArray(cause.issues)) {
    return cause.issues as ValidationIssue[];
  }
  return undefined;
}

/** The Russian message a failure shows: validation issues named, catalogue text otherwise. */
export function describeError(error: TRPCError): string {
  const issues = error.code === 'BAD_REQUEST' ? validationIssues(error.cause) : undefined;
  return issues ? validationMessage(issues) : userMessage(statusForCode(error.code), error.message);
}

const t = initTRPC
  .context<Context>()
  .meta<OpenApiMeta>()
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
export const middleware = t.middleware;
export const createCallerFactory = t.createCallerFactory;

/** Constraint violations become the catalogue's 4xx answers instead of a 500. */
const databaseErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok) {
    const translated = translateDatabaseError(result.error.cause);
    if (translated) throw translated;
  }
  return result;
});

export const publicProcedure = t.procedure.use(databaseErrors);

/** A signed-in caller of any role. */
export const userProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user) {
    throw new TRPCError({
      code: 'UNAUTHORIZED',
      message: ctx.tokenProblem === 'expired' ? domainMessages.sessionExpired : undefined,
    });
  }
  return next({ ctx: { ...ctx, user: ctx.user } });
});

/** SuperUser or Admin: moderation. */
export const moderatorProcedure = userProcedure.use(({ ctx, next }) => {
  if (ctx.user.role === 'User') throw new TRPCError({ code: 'FORBIDDEN' });
  return next();
});

/**
 * Admin only. The role is read again from the database, so a demoted or deleted admin loses
 * access at once rather than when the access token expires.
 */
export const adminProcedure = userProcedure.use(async ({ ctx, next }) => {
  const row = await ctx.db.selectFrom('users').select('role').where('id', '=', ctx.user.id).executeTakeFirst();
  if (row?.role !== 'Admin') throw new TRPCError({ code: 'FORBIDDEN' });
  return next();
});
