import { Anchor, Button, Divider, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link, useLocation, useParams } from 'react-router-dom';
import type { Checkout } from '../../../shared/schemas/orders.js';
import { useAuth } from '../../accounts/AuthProvider';
import { routes } from '../../routes';
import { trpc } from '../../trpc';
import { useTitle } from '../../ui/use-title';
import { OrderAmounts, OrderDeliveryInfo } from './OrderDeliveryInfo';
import { OrderLines } from './OrderLines';
import { OrderPayment } from './OrderPayment';

function isOrder(value: unknown): value is { order: Checkout } {
  return typeof value === 'object' && value !== null && 'order' in value;
}

/**
 * The order confirmation: the number, what was ordered and where it goes, and for an online order
 * the payment's outcome (OrderPayment; the payment service sends the shopper back here). The page
 * gets the order from the checkout's answer; a signed-in shopper who reloads it reads it again
 * from the server.
 */
export default function OrderPlacedPage() {
  const { id = '' } = useParams();
  const location = useLocation();
  const { user } = useAuth();
  const passed = isOrder(location.state) ? location.state.order : undefined;
  const fetched = trpc.orders.checkouts.get.useQuery({ checkoutId: Number(id) }, { enabled: !passed && user !== null && /^\d+$/.test(id), meta: { silent: true } });
  const order = passed ?? fetched.data;
  useTitle(`Заказ № ${id} оформлен`);

  return (
    <Stack maw={640} mx="auto" py="md">
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon size={48} radius="xl" color="green" variant="light">
          <IconCircleCheck size={30} />
        </ThemeIcon>
        <Title order={1} size="h2">
          Заказ № {id} оформлен
        </Title>
      </Group>
      <OrderPayment orderId={/^\d+$/.test(id) ? Number(id) : 0} order={order} signedIn={user !== null} />
      <Text>
        Спасибо за покупку! {order ? `Подтверждение отправлено на ${order.email}.` : 'Подтверждение отправлено на вашу почту.'} Мы позвоним, чтобы договориться о доставке.
      </Text>
      {order?.statusUrl && (
        <Text>
          Статус заказа — на его странице:{' '}
          <Anchor component={Link} to={new URL(order.statusUrl, window.location.origin).pathname}>
            заказ № {order.id}
          </Anchor>
          . Ссылка есть и в письме.
        </Text>
      )}
      {order && (
        <Paper withBorder radius="md" p="md">
          <Stack>
            <OrderLines lines={order.lines} />
            <Divider />
            <OrderAmounts items={order.itemsAmount} delivery={order.delivery?.cost ?? null} total={order.totalAmount} />
            <Divider />
            <OrderDeliveryInfo order={order} />
            <Text size="sm" c="dimmed">
              Получатель: {[order.firstName, order.lastName].filter(Boolean).join(' ')}, {order.phone}
              {order.comment ? (
                <>
                  <br />
                  Комментарий: {order.comment}
                </>
              ) : null}
            </Text>
          </Stack>
        </Paper>
      )}
      <Group>
        <Button component={Link} to={routes.catalog}>
          Продолжить покупки
        </Button>
        {user && (
          <Button component={Link} to={routes.profile} variant="default">
            Мои заказы
          </Button>
        )}
      </Group>
    </Stack>
  );
}
