import { TRPCError } from '@trpc/server';
import { domainMessages } from '../../../shared/errors.js';
import { authResponseSchema, signinSchema } from '../../../shared/schemas/auth.js';
import { verifyPassword } from '../../services/passwords.js';
import { startSession } from '../../services/sessions.js';
import { publicProcedure, router } from '../../trpc.js';
import type { Context } from '../../context.js';
import { findUserByEmail } from './users.repo.js';

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
});
