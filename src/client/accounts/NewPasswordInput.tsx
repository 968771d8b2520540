import { PasswordInput, type PasswordInputProps } from '@mantine/core';

/** A new password (sign-up, change, reset): one hint of the minimum length, and the browser may suggest one. */
export function NewPasswordInput({ label = 'Новый пароль', ...props }: PasswordInputProps) {
  return <PasswordInput label={label} description="Не меньше 8 символов" autoComplete="new-password" withAsterisk {...props} />;
}
