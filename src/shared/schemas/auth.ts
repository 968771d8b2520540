import { z } from '../zod.js';
import { emailSchema, userSchema } from './users.js';

export const signinSchema = z.object({
  email: emailSchema,
  // Sign-in does not restate the password rules: a wrong password is just wrong.
  password: z.string().min(1, 'Введите пароль').max(200),
});
export type SigninInput = z.infer<typeof signinSchema>;

export const authResponseSchema = z.object({
  user: userSchema,
  accessToken: z.string(),
  refreshToken: z.string(),
});
export type AuthResponse = z.infer<typeof authResponseSchema>;

/** SPEC.md section 9: the keys under which the browser keeps its state. */
export const storageKeys = {
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
  basketId: 'basketId',
  wishlistId: 'wishlistId',
} as const;
