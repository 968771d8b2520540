import { Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { signinSchema, type SigninInput } from '../../../shared/schemas/accounts.js';
import { useAuth } from '../../accounts/AuthProvider';
import { accountMessages } from '../../accounts/messages';
import { trpc } from '../../trpc';
import { toastSuccess } from '../../ui/toast';

export function SignInForm({ onDone, onForgot }: { onDone: () => void; onForgot: () => void }) {
  const { acceptSession } = useAuth();
  const signin = trpc.accounts.auth.signin.useMutation({
    onSuccess(response) {
      acceptSession(response);
      toastSuccess(accountMessages.signedIn);
      onDone();
    },
  });
  const form = useForm<SigninInput>({
    mode: 'uncontrolled',
    initialValues: { email: '', password: '' },
    validate: schemaResolver(signinSchema, { sync: true }),
  });
  return (
    <form onSubmit={form.onSubmit((values) => signin.mutate(values))} noValidate>
      <Stack>
        <TextInput label="E-mail" type="email" autoComplete="username" withAsterisk key={form.key('email')} {...form.getInputProps('email')} />
        <PasswordInput label="Пароль" autoComplete="current-password" withAsterisk key={form.key('password')} {...form.getInputProps('password')} />
        <Button type="submit" loading={signin.isPending} fullWidth>
          Войти
        </Button>
        <Anchor component="button" type="button" size="sm" onClick={onForgot} ta="center">
          Забыли пароль?
        </Anchor>
      </Stack>
    </form>
  );
}
