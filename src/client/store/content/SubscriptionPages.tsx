import { Alert, Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router-dom';
import { routes } from '../../routes';
import { trpc } from '../../trpc';
import { toastSuccess } from '../../ui/toast';
import { useTitle } from '../../ui/use-title';

/** /subscribe/confirm/{token}: the link of the confirmation letter. */
export function SubscribeConfirmPage() {
  useTitle('Подтверждение подписки');
  const { token = '' } = useParams();
  const confirm = trpc.content.subscribers.confirm.useMutation();
  const { mutate } = confirm;
  useEffect(() => {
    mutate({ token });
  }, [token, mutate]);
  return (
    <Stack maw={640} mx="auto">
      <Title order={1}>Подписка на новости</Title>
      {confirm.isPending && (
        <Center h={120}>
          <Loader />
        </Center>
      )}
      {confirm.data && <Alert color="green">Подписка подтверждена: {confirm.data.email}. Спасибо!</Alert>}
      {confirm.error && <Alert color="red">{confirm.error.message}</Alert>}
      <Button component={Link} to={routes.home} w="fit-content">
        На главную
      </Button>
    </Stack>
  );
}

/** /unsubscribe/{mailId}: the link in every letter to a subscriber. */
export function UnsubscribePage() {
  useTitle('Отписка от рассылки');
  const { mailId = '' } = useParams();
  const subscription = trpc.content.subscribers.get.useQuery({ mailId }, { retry: false });
  const unsubscribe = trpc.content.subscribers.unsubscribe.useMutation({ onSuccess: () => toastSuccess('Вы отписались от рассылки') });
  return (
    <Stack maw={640} mx="auto">
      <Title order={1}>Отписка от рассылки</Title>
      {unsubscribe.isSuccess ? (
        <Alert color="green">Готово: мы больше не будем присылать письма на этот адрес.</Alert>
      ) : subscription.error ? (
        <Alert color="gray">Этот адрес уже не подписан на рассылку.</Alert>
      ) : subscription.data ? (
        <>
          <Text>Отписать {subscription.data.email} от новостей магазина?</Text>
          <Button color="red" w="fit-content" loading={unsubscribe.isPending} onClick={() => unsubscribe.mutate({ mailId })}>
            Отписаться
          </Button>
        </>
      ) : (
        <Loader />
      )}
    </Stack>
  );
}
