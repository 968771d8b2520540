import { Alert, Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useAuth } from '../../accounts/AuthProvider';
import { accountMessages } from '../../accounts/messages';
import { routes } from '../../routes';
import { trpc } from '../../trpc';
import { useDisplayFlags } from '../../ui/display-flags';
import { errorMessageOf, toastSuccess } from '../../ui/toast';
import { useTitle } from '../../ui/use-title';

/** /confirm/{token}: the link from the letter confirms the e-mail and signs the shopper in. */
export default function ConfirmEmailPage() {
  useTitle('Подтверждение e-mail');
  const { token = '' } = useParams();
  const { acceptSession } = useAuth();
  const { show } = useDisplayFlags();
  const navigate = useNavigate();
  const authorize = trpc.accounts.auth.authorize.useMutation({
    meta: { silent: true },
    onSuccess(response) {
      acceptSession(response);
      toastSuccess(accountMessages.signedIn);
      void navigate(routes.profile, { replace: true });
    },
  });

  // The link works once: the request is sent once per token, even when React re-runs effects.
  const sentFor = useRef<string | null>(null);
  const { mutate } = authorize;
  useEffect(() => {
    if (sentFor.current === token) return;
    sentFor.current = token;
    mutate({ token });
  }, [token, mutate]);

  if (authorize.isError) {
    return (
      <Stack maw={520} mx="auto" py="xl">
        <Title order={2}>Подтверждение e-mail</Title>
        <Alert color="red" title="Не удалось подтвердить e-mail">
          {errorMessageOf(authorize.error)}
        </Alert>
        <Text size="sm">Если e-mail уже подтверждён, просто войдите. Новое письмо можно запросить в личном кабинете.</Text>
        <Button w="fit-content" onClick={() => show('authForm')}>
          Войти
        </Button>
      </Stack>
    );
  }
  return (
    <Center h="40vh">
      <Stack align="center">
        <Loader />
        <Text>Подтверждаем e-mail…</Text>
      </Stack>
    </Center>
  );
}
