import { Button, Group, Paper, PasswordInput, Stack, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { changePasswordSchema, type ChangePasswordInput } from '../../../shared/schemas/accounts.js';
import { NewPasswordInput } from '../../accounts/NewPasswordInput';
import { useAuth } from '../../accounts/AuthProvider';
import { accountMessages } from '../../accounts/messages';
import { trpc } from '../../trpc';
import { toastSuccess } from '../../ui/toast';

/** A new password knowing the current one; other devices are signed out, this one gets new tokens. */
export function ChangePasswordForm() {
  const { acceptSession } = useAuth();
  const change = trpc.accounts.users.changePassword.useMutation({
    onSuccess(response) {
      acceptSession(response);
      form.reset();
      toastSuccess(accountMessages.passwordChanged);
    },
  });
  const form = useForm<ChangePasswordInput>({
    mode: 'uncontrolled',
    initialValues: { currentPassword: '', password: '' },
    validate: schemaResolver(changePasswordSchema, { sync: true }),
  });
  return (
    <Paper withBorder p="md" radius="md">
      <form onSubmit={form.onSubmit((values) => change.mutate(values))} noValidate>
        <Stack>
          <Title order={4}>Смена пароля</Title>
          <PasswordInput
            label="Текущий пароль"
            autoComplete="current-password"
            withAsterisk
            key={form.key('currentPassword')}
            {...form.getInputProps('currentPassword')}
          />
          <NewPasswordInput key={form.key('password')} {...form.getInputProps('password')} />
          <Group justify="flex-end">
            <Button type="submit" loading={change.isPending}>
              Сменить пароль
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
