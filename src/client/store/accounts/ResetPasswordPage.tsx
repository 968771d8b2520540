import { Alert, Button, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useNavigate, useParams } from 'react-router-dom';
import { domainMessages } from '../../../shared/errors.js';
import { updatePasswordSchema } from '../../../shared/schemas/accounts.js';
import { NewPasswordInput } from '../../accounts/NewPasswordInput';
import { useAuth } from '../../accounts/AuthProvider';
import { accountMessages } from '../../accounts/messages';
import { routes } from '../../routes';
import { trpc } from '../../trpc';
import { useDisplayFlags } from '../../ui/display-flags';
import { toastSuccess } from '../../ui/toast';
import { useTitle } from '../../ui/use-title';

const newPasswordSchema = updatePasswordSchema.pick({ password: true });

/** /reset/{token}: a new password from the reset link; every other session ends. */
export default function ResetPasswordPage() {
  useTitle('Новый пароль');
  const { token = '' } = useParams();
  const { acceptSession } = useAuth();
  const navigate = useNavigate();
  const { show } = useDisplayFlags();
  const update = trpc.accounts.auth.updatePassword.useMutation({
    onSuccess(response) {
      acceptSession(response);
      toastSuccess(accountMessages.passwordReset, accountMessages.signedIn);
      void navigate(routes.profile, { replace: true });
    },
  });
  const link = trpc.accounts.auth.checkResetLink.useQuery({ token }, { staleTime: Infinity, meta: { silent: true } });
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { password: '' },
    validate: schemaResolver(newPasswordSchema, { sync: true }),
  });
  if (link.isLoading) {
    return (
      <Center h="40vh">
        <Loader aria-label="Проверяем ссылку" />
      </Center>
    );
  }
  if (link.data?.valid === false) {
    return (
      <Stack maw={520} mx="auto" py="xl">
        <Title order={2}>Новый пароль</Title>
        <Alert color="red" title="Ссылка не работает">
          {domainMessages.invalidLink}
        </Alert>
        <Text size="sm">Ссылка из письма действует один час и только один раз. Запросите новую — мы пришлём её на вашу почту.</Text>
        <Button w="fit-content" onClick={() => show('authForm')}>
          Запросить новую ссылку
        </Button>
      </Stack>
    );
  }
  return (
    <Stack maw={420} mx="auto" py="lg">
      <Title order={2}>Новый пароль</Title>
      <Paper withBorder p="md" radius="md">
        <form onSubmit={form.onSubmit(({ password }) => update.mutate({ token, password }))} noValidate>
          <Stack>
            <Text size="sm">Придумайте новый пароль. После смены пароля все остальные сеансы будут завершены.</Text>
            <NewPasswordInput key={form.key('password')} {...form.getInputProps('password')} />
            <Button type="submit" loading={update.isPending} fullWidth>
              Сохранить пароль
            </Button>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
