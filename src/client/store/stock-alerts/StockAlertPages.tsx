import { Alert, Anchor, Button, Center, Group, List, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { StockAlert } from '../../../shared/schemas/stock-alerts.js';
import { routes } from '../../routes';
import { trpc } from '../../trpc';
import { errorMessageOf } from '../../ui/toast';
import { useTitle } from '../../ui/use-title';

function itemName(alert: StockAlert): string {
  const details = [alert.colorName, alert.sizeName === null ? null : `размер ${alert.sizeName}`].filter(Boolean).join(', ');
  return details ? `${alert.productName} (${details})` : alert.productName;
}

const kindText = (alert: StockAlert) => (alert.kind === 'price' ? 'о снижении цены' : 'о поступлении');

/** /alerts/confirm/{token}: the link of the confirmation letter. */
export function StockAlertConfirmPage() {
  useTitle('Подтверждение оповещения');
  const { token = '' } = useParams();
  const confirm = trpc.stockAlerts.confirm.useMutation();
  const { mutate } = confirm;
  useEffect(() => {
    mutate({ token });
  }, [token, mutate]);
  const first = confirm.data?.alerts[0];
  return (
    <Stack maw={640} mx="auto">
      <Title order={1}>Оповещение о поступлении</Title>
      {confirm.isPending && (
        <Center h={120}>
          <Loader aria-label="Подтверждаем" />
        </Center>
      )}
      {confirm.data && first && (
        <Alert color="green" title="Адрес подтверждён">
          <Text size="sm">
            Мы напишем на {first.email} {confirm.data.alerts.map(kindText).join(' и ')} товара «{itemName(first)}».
          </Text>
          <Anchor component={Link} to={routes.product(first.productUrl)} size="sm">
            Перейти к товару
          </Anchor>
        </Alert>
      )}
      {confirm.error && <Alert color="red">{errorMessageOf(confirm.error)}</Alert>}
      <Button component={Link} to={routes.home} w="fit-content">
        На главную
      </Button>
    </Stack>
  );
}

/** /alerts/cancel/{mailId}: the link in every letter of an alert; cancels it, or every alert of the address. */
export function StockAlertCancelPage() {
  useTitle('Отмена оповещения');
  const { mailId = '' } = useParams();
  const alert = trpc.stockAlerts.byLink.useQuery({ mailId }, { retry: false });
  const cancel = trpc.stockAlerts.cancel.useMutation();
  const cancelAll = trpc.stockAlerts.cancelAll.useMutation();
  const done = cancel.isSuccess || cancelAll.isSuccess;
  return (
    <Stack maw={640} mx="auto">
      <Title order={1}>Отмена оповещения</Title>
      {done ? (
        <Alert color="green" role="status">
          {cancelAll.isSuccess ? 'Готово: все оповещения на этот адрес отменены.' : 'Готово: оповещение отменено.'}
        </Alert>
      ) : alert.error ? (
        <Alert color="gray">Оповещение не найдено: возможно, оно уже отменено.</Alert>
      ) : alert.data ? (
        <>
          <List>
            <List.Item>Адрес: {alert.data.email}</List.Item>
            <List.Item>
              Оповещение {kindText(alert.data)}: {itemName(alert.data)}
              {alert.data.done ? ' (уже выполнено)' : ''}
            </List.Item>
          </List>
          <Group>
            {!alert.data.done && (
              <Button color="red" loading={cancel.isPending} onClick={() => cancel.mutate({ mailId })}>
                Отменить это оповещение
              </Button>
            )}
            <Button color="red" variant="outline" loading={cancelAll.isPending} onClick={() => cancelAll.mutate({ mailId })}>
              Отменить все оповещения на этот адрес
            </Button>
          </Group>
          {(cancel.error ?? cancelAll.error) && <Alert color="red">{errorMessageOf(cancel.error ?? cancelAll.error)}</Alert>}
        </>
      ) : (
        <Loader aria-label="Загрузка" />
      )}
    </Stack>
  );
}
