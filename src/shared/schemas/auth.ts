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


export const tokenInputSchema = z.object({ token: z.string().min(1).max(2000) });

export const refreshResponseSchema = z.object({ accessToken: z.string(), refreshToken: z.string() });
