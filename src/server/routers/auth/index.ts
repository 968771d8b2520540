import { TRPCError } from '@trpc/server';
import { domainMessages } from '../../../shared/errors.js';
import { authResponseSchema, refreshResponseSchema, signinSchema, tokenInputSchema } from '../../../shared/schemas/auth.js';
import { userSchema } from '../../../shared/schemas/users.js';
import { verifyPassword } from '../../services/passwords.js';
import { rotateRefreshToken, startSession } from '../../services/sessions.js';
import { publicProcedure, router } from '../../trpc.js';
import type { Context } from '../../context.js';
import { findUserByEmail, publicUserColumns } from './users.repo.js';

async function signInWithPassword(ctx: Context, email: string, password: string) {
  const found = await findUserByEmail(ctx.db, email);
  const valid = await verifyPassword(found?.passwordHash, password);
  if (!found || !valid) throw new TRPCError({ code: 'UNAUTHORIZED', message: domainMessages.wrongCredentials });
  const { passwordHash: _hash, ...user } = found;
  return user;
}

export const authRouter = router({
  signin: publicProcedure
    .meta({ openapi: { method: 'POST', path: '/auth/signin', tags: ['auth'], summary: 'Вход по e-mail и паролю' } })
    .input(signinSchema)
    .output(authResponseSchema)
    .mutation(async ({ ctx, input }) => {
      const user = await signInWithPassword(ctx, input.email, input.password);
      return { user, ...(await startSession(ctx.db, ctx.tokens, user)) };
    }),

  /** The admin sign-in (SPEC.md section 5): valid credentials of a non-Admin are refused with 403. */
  adminSignin: publicProcedure
    .input(signinSchema)
    .output(authResponseSchema)
    .mutation(async ({ ctx, input }) => {
      const user = await signInWithPassword(ctx, input.email, input.password);
      if (user.role !== 'Admin') throw new TRPCError({ code: 'FORBIDDEN', message: domainMessages.adminOnly });
      return { user, ...(await startSession(ctx.db, ctx.tokens, user)) };
    }),

  /** The session check of SPEC.md section 4: an expired access token answers 403 (PRODUCT.md). */
  session: publicProcedure
    .meta({ openapi: { method: 'POST', path: '/auth/session', tags: ['auth'], summary: 'Пользователь по access-токену' } })
    .input(tokenInputSchema)
    .output(userSchema)
    .mutation(async ({ ctx, input }) => {
      const check = await ctx.tokens.verifyAccess(input.token);
      if (check.status === 'expired') throw new TRPCError({ code: 'FORBIDDEN', message: domainMessages.sessionExpired });
      if (check.status === 'invalid') throw new TRPCError({ code: 'UNAUTHORIZED' });
      const user = await ctx.db.selectFrom('users').select(publicUserColumns).where('id', '=', check.claims.userId).executeTakeFirst();
      if (!user) throw new TRPCError({ code: 'UNAUTHORIZED' });
      return user;
    }),

  /** Refresh: a new access token and, rotated, a new refresh token; a refused one answers 403. */
  token: publicProcedure
    .meta({ openapi: { method: 'POST', path: '/auth/token', tags: ['auth'], summary: 'Новый access-токен по refresh-токену' } })
    .input(tokenInputSchema)
    .output(refreshResponseSchema)
    .mutation(async ({ ctx, input }) => {
      const result = await rotateRefreshToken(ctx.db, ctx.tokens, input.token);
      if (result.status === 'refused') throw new TRPCError({ code: 'FORBIDDEN', message: domainMessages.sessionExpired });
      return result.tokens;
    }),
});
