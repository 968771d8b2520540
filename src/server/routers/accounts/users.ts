import { TRPCError } from '@trpc/server';
import { domainMessages } from '../../../shared/errors.js';
import { okSchema } from '../../../shared/schemas/common.js';
import {
  authResponseSchema,
  changePasswordSchema,
  emailConfirmationSchema,
  helpMessageSchema,
  userCreateSchema,
  userEmailSchema,
  userIdSchema,
  userListResponseSchema,
  userListSchema,
  userSchema,
  userUpdateSchema,
  type User,
} from '../../../shared/schemas/accounts.js';
import type { Context, AuthUser } from '../../context.js';
import { helpDeskLetter } from '../../services/mail/templates.js';
import { hashPassword, verifyPassword } from '../../services/accounts/passwords.js';
import { inTransaction } from '../../db/transaction.js';
import { revokeAllSessions, startSession } from '../../services/accounts/sessions.js';
import { adminProcedure, publicProcedure, rateLimited, router, userProcedure } from '../../trpc.js';
import { sendConfirmationLink } from '../../services/accounts/email-links.js';
import { storeHelpMessage } from '../../services/accounts/help-messages.js';
import {
  deleteUser,
  findPasswordHash,
  findUserByEmail,
  findUserById,
  getUserOrThrow,
  insertUser,
  listUsers,
  setPasswordHash,
  updateUser,
} from '../../services/accounts/users.js';

const tags = ['users'];

/**
 * The caller's own record, read from the database: a role in the access token may be a few
 * seconds old on another instance (cut-offs arrive by polling), and an Admin's rights must end
 * the moment they are taken away.
 */
async function currentCaller(ctx: Context & { user: AuthUser }): Promise<User> {
  const caller = await findUserById(ctx.db, ctx.user.id);
  if (!caller) throw new TRPCError({ code: 'UNAUTHORIZED' });
  return caller;
}

/** A User reaches only their own record (403 otherwise, whether or not the other exists). */
function assertSelfOrAdmin(caller: User, userId: number): void {
  if (caller.role !== 'Admin' && caller.id !== userId) throw new TRPCError({ code: 'FORBIDDEN' });
}

export const usersRouter = router({
  list: adminProcedure
    .meta({ openapi: { method: 'GET', path: '/users', tags, protect: true, summary: 'Пользователи: фильтры, сортировка, страницы' } })
    .input(userListSchema)
    .output(userListResponseSchema)
    .query(({ ctx, input }) => listUsers(ctx.db, input)),

  create: adminProcedure
    .meta({ openapi: { method: 'POST', path: '/users', tags, protect: true, summary: 'Новый пользователь (администратор)' } })
    .input(userCreateSchema)
    .output(userSchema)
    .mutation(async ({ ctx, input: { password, ...fields } }) => insertUser(ctx.db, { ...fields, passwordHash: await hashPassword(password) })),

  get: userProcedure
    .meta({ openapi: { method: 'GET', path: '/users/user/{userId}', tags, protect: true, summary: 'Пользователь: свой профиль или любой (администратор)' } })
    .input(userIdSchema)
    .output(userSchema)
    .query(async ({ ctx, input }) => {
      assertSelfOrAdmin(await currentCaller(ctx), input.userId);
      return getUserOrThrow(ctx.db, input.userId);
    }),

  getByEmail: userProcedure
    .meta({ openapi: { method: 'GET', path: '/users/get-by-email/{email}', tags, protect: true, summary: 'Пользователь по e-mail: свой или любой (администратор)' } })
    .input(userEmailSchema)
    .output(userSchema)
    .query(async ({ ctx, input }) => {
      const caller = await currentCaller(ctx);
      if (caller.email === input.email) return caller;
      if (caller.role !== 'Admin') throw new TRPCError({ code: 'FORBIDDEN' });
      const found = await findUserByEmail(ctx.db, input.email);
      if (!found) throw new TRPCError({ code: 'NOT_FOUND' });
      const { passwordHash: _hash, ...user } = found;
      return user;
    }),

  /**
   * A User edits their own names and e-mail; the role and the verified flag are the Admin's to
   * change (a User sending a different role gets 403). A new e-mail must be confirmed again.
   */
  update: userProcedure
    .meta({ openapi: { method: 'PUT', path: '/users/user/{userId}', tags, protect: true, summary: 'Изменение пользователя' } })
    .input(userIdSchema.extend(userUpdateSchema.shape))
    .output(userSchema)
    .mutation(async ({ ctx, input: { userId, ...fields } }) => {
      const caller = await currentCaller(ctx);
      assertSelfOrAdmin(caller, userId);
      const updated = await updateUser(ctx.db, ctx.tokens, caller, userId, fields);
      if (updated.emailChanged && !updated.user.isVerified) sendConfirmationLink(ctx, updated.user);
      return updated.user;
    }),

  delete: adminProcedure
    .meta({ openapi: { method: 'DELETE', path: '/users/user/{userId}', tags, protect: true, summary: 'Удаление пользователя (администратор)' } })
    .input(userIdSchema)
    .output(okSchema)
    .mutation(({ ctx, input }) => deleteUser(ctx.db, ctx.tokens, input.userId)),

  /** A help-desk message: stored, and e-mailed to the shop (SHOP_EMAIL) with Reply-To the sender. */
  help: publicProcedure
    .use(rateLimited('help'))
    .meta({ access: 'optional', openapi: { method: 'POST', path: '/users/help', tags, summary: 'Сообщение в службу поддержки' } })
    .input(helpMessageSchema)
    .output(okSchema)
    .mutation(async ({ ctx, input }) => {
      const userId = ctx.user?.id ?? null;
      await storeHelpMessage(ctx.db, { userId, name: input.name, email: input.email, message: input.message });
      ctx.mailer.sendInBackground(() => Promise.resolve(helpDeskLetter({ to: ctx.config.shopEmail, ...input, userId })));
      return { ok: true as const };
    }),

  /** Sends the confirmation link again to the signed-in user's address. */
  emailConfirmation: userProcedure
    .use(rateLimited('confirmation'))
    .meta({ openapi: { method: 'POST', path: '/users/email-confirmation', tags, protect: true, summary: 'Повторная отправка письма для подтверждения e-mail' } })
    .input(emailConfirmationSchema)
    .output(okSchema)
    .mutation(async ({ ctx }) => {
      const caller = await currentCaller(ctx);
      if (caller.isVerified) throw new TRPCError({ code: 'CONFLICT', message: domainMessages.alreadyVerified });
      if (await ctx.rateLimits.isExhausted('letter', caller.email)) throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: domainMessages.tooManyLetters });
      sendConfirmationLink(ctx, caller);
      return { ok: true as const };
    }),

  /**
   * Password change from the profile (tRPC only): the current password is checked, every other
   * session ends, and the caller gets a fresh pair of tokens.
   */
  changePassword: userProcedure
    .use(rateLimited('signin'))
    .input(changePasswordSchema)
    .output(authResponseSchema)
    .mutation(async ({ ctx, input }) => {
      const caller = await currentCaller(ctx);
      if (!(await verifyPassword(await findPasswordHash(ctx.db, caller.id), input.currentPassword))) {
        throw new TRPCError({ code: 'BAD_REQUEST', message: domainMessages.wrongCurrentPassword });
      }
      const passwordHash = await hashPassword(input.password);
      return inTransaction(ctx.db, async (trx) => {
        await setPasswordHash(trx, caller.id, passwordHash);
        await revokeAllSessions(trx, ctx.tokens, caller.id);
        return { user: caller, ...(await startSession(trx, ctx.tokens, caller)) };
      });
    }),
});
