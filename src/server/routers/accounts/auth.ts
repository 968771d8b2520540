import { TRPCError } from '@trpc/server';
import { domainMessages } from '../../../shared/errors.js';
import {
  authResponseSchema,
  refreshResponseSchema,
  resetLinkStateSchema,
  resetRequestSchema,
  signinSchema,
  signupSchema,
  tokenInputSchema,
  updatePasswordSchema,
  userSchema,
} from '../../../shared/schemas/accounts.js';
import { okSchema } from '../../../shared/schemas/common.js';
import { hashPassword } from '../../services/accounts/passwords.js';
import { endSession, revokeAllSessions, rotateRefreshToken, startSession } from '../../services/accounts/sessions.js';
import { inTransaction } from '../../db/transaction.js';
import { publicProcedure, rateLimited, router } from '../../trpc.js';
import { consumeAccountToken, peekAccountToken } from '../../services/accounts/account-tokens.js';
import { sendConfirmationLink, sendResetLink } from '../../services/accounts/email-links.js';
import { rememberNetwork, signInWithPassword } from '../../services/accounts/signin.js';
import { recordConsent } from '../../services/content/consents.js';
import { confirmLinkedUser, findUserById, insertUser } from '../../services/accounts/users.js';

const tags = ['auth'];
const invalidLink = () => new TRPCError({ code: 'BAD_REQUEST', message: domainMessages.invalidLink });

export const authRouter = router({
  /** A new shopper: role User, e-mail not yet confirmed; signed in at once, the link sent by e-mail. */
  signup: publicProcedure
    .use(rateLimited('signup'))
    .meta({ openapi: { method: 'POST', path: '/auth/signup', tags, summary: 'Регистрация: пользователь и токены; письмо со ссылкой подтверждения' } })
    .input(signupSchema)
    .output(authResponseSchema)
    .mutation(async ({ ctx, input }) => {
      const passwordHash = await hashPassword(input.password);
      const response = await ctx.db.transaction().execute(async (trx) => {
        const user = await insertUser(trx, { firstName: input.firstName, lastName: input.lastName, email: input.email, passwordHash });
        await rememberNetwork(trx, user.id, ctx.ip);
        await recordConsent(trx, { kind: 'signup', subjectId: user.id, contact: user.email, ip: ctx.ip });
        return { user, ...(await startSession(trx, ctx.tokens, user)) };
      });
      sendConfirmationLink(ctx, response.user);
      return response;
    }),

  /** Sign-in; failed attempts are limited per account and network as well (services/accounts/signin.ts). */
  signin: publicProcedure
    .use(rateLimited('signin'))
    .meta({ openapi: { method: 'POST', path: '/auth/signin', tags, summary: 'Вход по e-mail и паролю' } })
    .input(signinSchema)
    .output(authResponseSchema)
    .mutation(async ({ ctx, input }) => {
      const user = await signInWithPassword(ctx, input.email, input.password);
      return { user, ...(await startSession(ctx.db, ctx.tokens, user)) };
    }),

  /** The admin sign-in, under the same limits: valid credentials of a non-Admin are refused with 403. */
  adminSignin: publicProcedure
    .use(rateLimited('signin'))
    .input(signinSchema)
    .output(authResponseSchema)
    .mutation(async ({ ctx, input }) => {
      const user = await signInWithPassword(ctx, input.email, input.password);
      if (user.role !== 'Admin') throw new TRPCError({ code: 'FORBIDDEN', message: domainMessages.adminOnly });
      return { user, ...(await startSession(ctx.db, ctx.tokens, user)) };
    }),

  /** The session check the client makes at start: an expired access token answers 403, a forged one 401. */
  session: publicProcedure
    .meta({ openapi: { method: 'POST', path: '/auth/session', tags, summary: 'Пользователь по access-токену' } })
    .input(tokenInputSchema)
    .output(userSchema)
    .mutation(async ({ ctx, input }) => {
      const check = await ctx.tokens.verifyAccess(input.token);
      if (check.status === 'expired') throw new TRPCError({ code: 'FORBIDDEN', message: domainMessages.sessionExpired });
      if (check.status === 'invalid') throw new TRPCError({ code: 'UNAUTHORIZED' });
      const user = await findUserById(ctx.db, check.claims.userId);
      if (!user) throw new TRPCError({ code: 'UNAUTHORIZED' });
      return user;
    }),

  /** Refresh: a new access token and, rotated, a new refresh token; a refused one answers 403. */
  token: publicProcedure
    .meta({ openapi: { method: 'POST', path: '/auth/token', tags, summary: 'Новый access-токен по refresh-токену' } })
    .input(tokenInputSchema)
    .output(refreshResponseSchema)
    .mutation(async ({ ctx, input }) => {
      const result = await rotateRefreshToken(ctx.db, ctx.tokens, input.token);
      if (result.status === 'refused') throw new TRPCError({ code: 'FORBIDDEN', message: domainMessages.sessionExpired });
      return result.tokens;
    }),

  /** Sign-out (tRPC only): the refresh token of this sign-in is revoked with all its rotations. */
  signout: publicProcedure
    .input(tokenInputSchema)
    .output(okSchema)
    .mutation(async ({ ctx, input }) => {
      await endSession(ctx.db, input.token);
      return { ok: true as const };
    }),

  /** The confirmation link (single use, 24 h): marks the e-mail confirmed and signs the user in. */
  authorize: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/auth/authorize/{token}', tags, summary: 'Подтверждение e-mail по ссылке из письма; вход' } })
    .input(tokenInputSchema)
    .output(authResponseSchema)
    .mutation(({ ctx, input }) =>
      inTransaction(ctx.db, async (trx) => {
        const link = await consumeAccountToken(trx, input.token, 'confirm');
        if (!link) throw invalidLink();
        // Only the address the link went to is confirmed: changed meanwhile, nothing is.
        const user = await confirmLinkedUser(trx, link);
        if (!user) throw invalidLink();
        await rememberNetwork(trx, user.id, ctx.ip);
        return { user, ...(await startSession(trx, ctx.tokens, user)) };
      }),
    ),

  /**
   * Sends a single-use reset link (1 h). The answer is the same, and as fast, whether or not the
   * e-mail is registered: the letter is composed after the answer.
   */
  reset: publicProcedure
    .use(rateLimited('reset'))
    .meta({ openapi: { method: 'POST', path: '/auth/reset', tags, summary: 'Письмо со ссылкой для сброса пароля' } })
    .input(resetRequestSchema)
    .output(okSchema)
    .mutation(({ ctx, input }) => {
      sendResetLink(ctx, input.email);
      return { ok: true as const };
    }),

  /**
   * Whether a reset link still works, asked when its page opens (tRPC only), so a used or expired
   * link says so at once instead of failing on submit. Tokens are 256 random bits: asking reveals
   * nothing guessable.
   */
  checkResetLink: publicProcedure
    .input(tokenInputSchema)
    .output(resetLinkStateSchema)
    .query(async ({ ctx, input }) => ({ valid: (await peekAccountToken(ctx.db, input.token, 'reset')) !== null })),

  /**
   * The new password from a reset link: every session of the user is revoked, the e-mail counts
   * as confirmed (the link reached that very address, which is still the account's), and the user
   * is signed in afresh.
   */
  updatePassword: publicProcedure
    .meta({ openapi: { method: 'PUT', path: '/auth/update-password', tags, summary: 'Новый пароль по ссылке сброса; все сессии завершаются' } })
    .input(updatePasswordSchema)
    .output(authResponseSchema)
    .mutation(async ({ ctx, input }) => {
      // A dead link is refused before the (deliberately slow) hashing.
      if (!(await peekAccountToken(ctx.db, input.token, 'reset'))) throw invalidLink();
      const passwordHash = await hashPassword(input.password);
      return inTransaction(ctx.db, async (trx) => {
        const link = await consumeAccountToken(trx, input.token, 'reset');
        if (!link) throw invalidLink();
        const user = await confirmLinkedUser(trx, link, passwordHash);
        if (!user) throw invalidLink();
        await revokeAllSessions(trx, ctx.tokens, link.userId);
        await rememberNetwork(trx, user.id, ctx.ip);
        return { user, ...(await startSession(trx, ctx.tokens, user)) };
      });
    }),
});
