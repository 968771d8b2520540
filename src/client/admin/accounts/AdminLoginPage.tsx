import { Alert, Button, Center, Paper, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { statusMessages } from '../../../shared/errors.js';
import { signinSchema, type SigninInput } from '../../../shared/schemas/accounts.js';
import { useAuth } from '../../accounts/AuthProvider';
import { routes } from '../../routes';
import { trpc } from '../../trpc';
import { toastSuccess } from '../../ui/toast';
import { useTitle } from '../../ui/use-title';

/** The admin sign-in admits the Admin role only; the server answers 403 to everyone else. */
export function AdminLoginPage() {
  useTitle('Вход в панель управления');
  const { user, acceptSession } = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = params.get('next')?.startsWith('/admin') ? params.get('next')! : routes.adminProducts;
  const signin = trpc.accounts.auth.adminSignin.useMutation({
    onSuccess(response) {
      acceptSession(response);
      toastSuccess('Вы успешно авторизованы!');
      void navigate(next, { replace: true });
    },
  });
  const form = useForm<SigninInput>({
    mode: 'uncontrolled',
    initialValues: { email: '', password: '' },
    validate: schemaResolver(signinSchema, { sync: true }),
  });

  if (user?.role === 'Admin') return <Navigate to={next} replace />;

  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={400}>
        <form onSubmit={form.onSubmit((values) => signin.mutate(values))} noValidate>
          <Stack>
            <Title order={2} ta="center">
              Панель управления
            </Title>
            {user && (
              <Alert color="red" title="Доступ запрещён">
                {statusMessages[403]} Войдите как администратор.
              </Alert>
            )}
            <TextInput label="E-mail" type="email" autoComplete="username" withAsterisk key={form.key('email')} {...form.getInputProps('email')} />
            <PasswordInput label="Пароль" autoComplete="current-password" withAsterisk key={form.key('password')} {...form.getInputProps('password')} />
            <Button type="submit" loading={signin.isPending} fullWidth>
              Войти
            </Button>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
