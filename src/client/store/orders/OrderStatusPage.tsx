import { Center, Divider, Group, Loader, Paper, Stack, Text, Timeline, Title } from '@mantine/core';
import { useParams } from 'react-router-dom';
import { formatRubles } from '../../../shared/money.js';
import { checkoutStatusLabels } from '../../../shared/schemas/orders.js';
import { trpc } from '../../trpc';
import { useTitle } from '../../ui/use-title';
import { NotFoundPage } from '../NotFoundPage';
import { OrderLines } from './OrderLines';
import { OrderStatusBadge } from './OrderStatusBadge';

const dateTime = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' });

/**
 * /order/{token}: an order's status by its own link (from the one-click answer or the order
 * letter), without an account: number, status and its history, lines, delivery, total.
 */
export default function OrderStatusPage() {
  const { token = '' } = useParams();
  const query = trpc.orders.checkouts.byLink.useQuery({ token }, { retry: false, meta: { silent: true } });
  const order = query.data;
  useTitle(order ? `Заказ № ${order.id}` : 'Статус заказа');
  if (query.error) return <NotFoundPage />;
  if (!order) {
    return (
      <Center h="40vh">
        <Loader aria-label="Загрузка заказа" />
      </Center>
    );
  }
  const address = [order.zipCode, order.country, order.city, order.address].filter(Boolean).join(', ');
  return (
    <Stack maw={640} mx="auto" py="md">
      <Group gap="sm">
        <Title order={1} size="h2">
          Заказ № {order.id}
        </Title>
        <OrderStatusBadge status={order.status} />
      </Group>
      <Text c="dimmed" size="sm">
        Оформлен {dateTime.format(order.createdAt)}
        {order.oneClick ? ' · купить в 1 клик' : ''}
      </Text>
      {order.callbackPending && <Text>Мы перезвоним вам в ближайшее время, чтобы подтвердить заказ и договориться о доставке.</Text>}
      <Paper withBorder radius="md" p="md">
        <Stack>
          <Title order={2} size="h4">
            Состав заказа
          </Title>
          <OrderLines lines={order.lines} />
          <Divider />
          <Group justify="space-between">
            <Text fw={600}>Итого, {order.totalQuantity} шт.</Text>
            <Text fw={700} size="lg" data-testid="order-total">
              {formatRubles(order.totalAmount)}
            </Text>
          </Group>
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Stack gap="xs">
          <Title order={2} size="h4">
            Доставка
          </Title>
          <Text size="sm">
            Получатель: {order.firstName}
            <br />
            {address ? `Адрес: ${address}` : 'Адрес уточним по телефону.'}
          </Text>
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Stack gap="xs">
          <Title order={2} size="h4">
            История заказа
          </Title>
          <Timeline active={order.history.length - 1} bulletSize={14} lineWidth={2}>
            {order.history.map((entry, index) => (
              <Timeline.Item key={index} title={checkoutStatusLabels[entry.toStatus]}>
                <Text size="xs" c="dimmed">
                  {dateTime.format(entry.createdAt)}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
        </Stack>
      </Paper>
    </Stack>
  );
}
