import { z } from '../zod.js';

export const roles = ['User', 'SuperUser', 'Admin'] as const;
export const roleSchema = z.enum(roles);
export type Role = z.infer<typeof roleSchema>;

export const roleLabels: Record<Role, string> = {
  User: 'Покупатель',
  SuperUser: 'Модератор',
  Admin: 'Администратор',
};

/** A user as the API shows it (SPEC.md section 3); the password hash never leaves the server. */
export const userSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  isVerified: z.boolean(),
  role: roleSchema,
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
