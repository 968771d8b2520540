import { TRPCError } from '@trpc/server';
import { domainMessages } from '../../../shared/errors.js';
import { authResponseSchema } from '../../../shared/schemas/auth.js';
import { okSchema } from '../../../shared/schemas/common.js';
import {
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
} from '../../../shared/schemas/users.js';
import type { Context, AuthUser } from '../../context.js';
import { helpDeskLetter } from '../../services/mail-templates.js';
import { hashPassword, verifyPassword } from '../../services/passwords.js';
import { rateLimited } from '../../services/rate-limit.js';
import { revokeAllSessions, startSession } from '../../services/sessions.js';
import { adminProcedure, publicProcedure, router, userProcedure } from '../../trpc.js';
import { sendConfirmationLink } from './email-links.js';
import { assertNotLastAdmin, findUserByEmail, findUserById, getUserOrThrow, listUsers, publicUserColumns } from './users.repo.js';

const tags = ['users'];

/**
 * The caller's own record, read from the database: a role in the access token may be up to
 * 15 minutes old, and an Admin's rights must end the moment they are taken away.
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
    .mutation(async ({ ctx, input: { password, ...fields } }) => {
      const user = await ctx.db
        .insertInto('users')
        .values({ ...fields, passwordHash: await hashPassword(password) })
        .onConflict((oc) => oc.column('email').doNothing())
        .returning(publicUserColumns)
        .executeTakeFirst();
      if (!user) throw new TRPCError({ code: 'CONFLICT', message: domainMessages.emailTaken });
      return user;
    }),

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
      const isAdmin = caller.role === 'Admin';
      const updated = await ctx.db.transaction().execute(async (trx) => {
        const current = await getUserOrThrow(trx, userId);
        if (!isAdmin && fields.role !== undefined && fields.role !== current.role) throw new TRPCError({ code: 'FORBIDDEN' });
        const role = isAdmin ? (fields.role ?? current.role) : current.role;
        if (current.role === 'Admin' && role !== 'Admin') await assertNotLastAdmin(trx, userId);
        const emailChanged = fields.email !== current.email;
        if (emailChanged) {
          const taken = await trx.selectFrom('users').select('id').where('email', '=', fields.email).executeTakeFirst();
          if (taken) throw new TRPCError({ code: 'CONFLICT', message: domainMessages.emailTaken });
        }
        const isVerified = isAdmin && fields.isVerified !== undefined ? fields.isVerified : emailChanged ? false : current.isVerified;
        const user = await trx
          .updateTable('users')
          .set({ firstName: fields.firstName, lastName: fields.lastName, email: fields.email, role, isVerified, updatedAt: new Date() })
          .where('id', '=', userId)
          .returning(publicUserColumns)
          .executeTakeFirstOrThrow();
        return { user, emailChanged };
      });
      if (updated.emailChanged && !updated.user.isVerified) sendConfirmationLink(ctx, updated.user);
      return updated.user;
    }),

  delete: adminProcedure
    .meta({ openapi: { method: 'DELETE', path: '/users/user/{userId}', tags, protect: true, summary: 'Удаление пользователя (администратор)' } })
    .input(userIdSchema)
    .output(okSchema)
    .mutation(({ ctx, input }) =>
      ctx.db.transaction().execute(async (trx) => {
        await assertNotLastAdmin(trx, input.userId);
        const result = await trx.deleteFrom('users').where('id', '=', input.userId).executeTakeFirst();
        if (result.numDeletedRows === 0n) throw new TRPCError({ code: 'NOT_FOUND' });
        return { ok: true as const };
      }),
    ),

  /** A help-desk message: stored, and e-mailed to the shop (SHOP_EMAIL) with Reply-To the sender. */
  help: publicProcedure
    .use(rateLimited('help'))
    .meta({ openapi: { method: 'POST', path: '/users/help', tags, summary: 'Сообщение в службу поддержки' } })
    .input(helpMessageSchema)
    .output(okSchema)
    .mutation(async ({ ctx, input }) => {
      const userId = ctx.user?.id ?? null;
      await ctx.db.insertInto('helpMessages').values({ userId, name: input.name, email: input.email, message: input.message }).execute();
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
      const stored = await ctx.db.selectFrom('users').select('passwordHash').where('id', '=', caller.id).executeTakeFirst();
      if (!(await verifyPassword(stored?.passwordHash, input.currentPassword))) {
        throw new TRPCError({ code: 'BAD_REQUEST', message: domainMessages.wrongCurrentPassword });
      }
      const passwordHash = await hashPassword(input.password);
      return ctx.db.transaction().execute(async (trx) => {
        await trx.updateTable('users').set({ passwordHash, updatedAt: new Date() }).where('id', '=', caller.id).execute();
        await revokeAllSessions(trx, caller.id);
        return { user: caller, ...(await startSession(trx, ctx.tokens, caller)) };
      });
    }),
});
