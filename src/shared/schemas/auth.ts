import { z } from '../zod.js';
import { emailSchema, firstNameSchema, lastNameSchema, passwordSchema, userSchema } from './users.js';

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
