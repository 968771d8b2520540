import { z } from '../zod.js';
import { flagSchema, idSchema, listResponse, pagingShape, sortShape, versionInputShape, versionSchema } from './common.js';
import { consentShape } from './consent.js';

/**
 * The accounts contract (docs/accounts.md): users and their roles, the admin's user list, the
 * profile and the help desk; then signing up and in, tokens and the links sent by e-mail.
 */

export const roles = ['User', 'SuperUser', 'Admin'] as const;
export const roleSchema = z.enum(roles);
export type Role = z.infer<typeof roleSchema>;

export const roleLabels: Record<Role, string> = {
  User: 'Покупатель',
  SuperUser: 'Модератор',
  Admin: 'Администратор',
};

/** A user as the API shows it; the password hash never leaves the server. */
export const userSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  isVerified: z.boolean(),
  role: roleSchema,
  version: versionSchema,
});
export type User = z.infer<typeof userSchema>;

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email('Введите корректный e-mail').max(254, 'Слишком длинный e-mail'));

export const passwordSchema = z
  .string()
  .min(8, 'Пароль должен содержать не меньше 8 символов')
  .max(200, 'Слишком длинный пароль');

/**
 * A person's name: letters, with single spaces, hyphens or apostrophes between them («Анна-Мария»,
 * «д’Артаньян»). Names go into letters the shop sends, so they cannot carry links or other text.
 */
const personName = /^[\p{L}\p{M}]+(?:[ '’-][\p{L}\p{M}]+)*$/u;
const nameCharacters = 'Можно использовать только буквы, пробелы, дефисы и апострофы';

export const firstNameSchema = z.string().trim().min(1, 'Укажите имя').max(50, 'Слишком длинное имя').regex(personName, nameCharacters);
export const lastNameSchema = z
  .string()
  .trim()
  .max(50, 'Слишком длинная фамилия')
  .refine((value) => value === '' || personName.test(value), nameCharacters);

/** What a user may change about themselves (the profile form). */
export const profileSchema = z.object({ firstName: firstNameSchema, lastName: lastNameSchema, email: emailSchema });
export type ProfileInput = z.infer<typeof profileSchema>;

/** PUT /users/user/{userId}: the user object; role and isVerified are for the Admin to change. */
export const userUpdateSchema = profileSchema.extend({ role: roleSchema.optional(), isVerified: z.boolean().optional(), ...versionInputShape });

/** POST /users (Admin): a new account with its password, role and verified flag. */
export const userCreateSchema = profileSchema.extend({
  lastName: lastNameSchema.default(''),
  password: passwordSchema,
  role: roleSchema.default('User'),
  isVerified: z.boolean().default(false),
});

export const userSortColumns = ['id', 'firstName', 'lastName', 'email', 'role', 'isVerified', 'createdAt'] as const;

/** GET /users: the admin list's filters, sorting and paging. */
export const userListSchema = z.object({
  firstName: z.string().trim().max(100).optional(),
  lastName: z.string().trim().max(100).optional(),
  email: z.string().trim().max(254).optional(),
  isVerified: flagSchema.optional(),
  role: roleSchema.optional(),
  ...sortShape(userSortColumns, 'id'),
  ...pagingShape,
});

export const userListResponseSchema = listResponse(userSchema);

export const userIdSchema = z.object({ userId: idSchema });

/**
 * The REST façade hands path parameters over still percent-encoded: `/users/get-by-email/anna%40shop.ru`
 * arrives as `anna%40shop.ru`. An address always has an `@`, so one without it is decoded once.
 */
function decodedEmail(value: unknown): unknown {
  if (typeof value !== 'string' || value.includes('@')) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
export const userEmailSchema = z.object({ email: z.preprocess(decodedEmail, emailSchema) });

/** POST /users/help: a help-desk message (name optional, e-mail and text required). */
export const helpMessageSchema = z.object({
  name: z.string().trim().max(200, 'Слишком длинное имя').default(''),
  email: emailSchema,
  message: z.string().trim().min(1, 'Напишите сообщение').max(5000, 'Слишком длинное сообщение'),
});
export type HelpMessageInput = z.input<typeof helpMessageSchema>;

/** POST /users/email-confirmation has no payload: the link goes to the caller's own address. */
export const emailConfirmationSchema = z.object({});

/** A signed-in user changes their own password knowing the current one. */
export const changePasswordSchema = z.object({
  currentPassword: z.string().min(1, 'Введите текущий пароль').max(200),
  password: passwordSchema,
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

// Signing up and in, tokens, and the links sent by e-mail.

export const signinSchema = z.object({
  email: emailSchema,
  // Sign-in does not restate the password rules: a wrong password is just wrong.
  password: z.string().min(1, 'Введите пароль').max(200),
});
export type SigninInput = z.infer<typeof signinSchema>;

/** POST /auth/signup: a new shopper; the role is always User, the e-mail unconfirmed. */
export const signupSchema = z.object({
  firstName: firstNameSchema,
  lastName: lastNameSchema.default(''),
  email: emailSchema,
  password: passwordSchema,
  ...consentShape,
});
export type SignupInput = z.input<typeof signupSchema>;

export const authResponseSchema = z.object({
  user: userSchema,
  accessToken: z.string(),
  refreshToken: z.string(),
});
export type AuthResponse = z.infer<typeof authResponseSchema>;


export const tokenInputSchema = z.object({ token: z.string().min(1).max(2000) });

export const refreshResponseSchema = z.object({ accessToken: z.string(), refreshToken: z.string() });

/** POST /auth/reset: the answer is the same whether or not the e-mail is registered. */
export const resetRequestSchema = z.object({ email: emailSchema });
export type ResetRequestInput = z.infer<typeof resetRequestSchema>;

/** Whether a reset link can still be used (the page checks it when it opens). */
export const resetLinkStateSchema = z.object({ valid: z.boolean() });

/** PUT /auth/update-password: the token of the reset link and the new password. */
export const updatePasswordSchema = z.object({ token: z.string().min(1).max(2000), password: passwordSchema });
export type UpdatePasswordInput = z.infer<typeof updatePasswordSchema>;
