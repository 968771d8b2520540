import { Anchor, Button, Divider, Grid, Group, Loader, Paper, Stack, Text, Timeline, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { checkoutStatusLabels, type Checkout } from '../../../shared/schemas/orders.js';
import { routes } from '../../routes';
import { orderToasts } from '../../store/orders/messages';
import { OrderAmounts, OrderDeliveryInfo } from '../../store/orders/OrderDeliveryInfo';
import { OrderLines } from '../../store/orders/OrderLines';
import { OrderStatusBadge } from '../../store/orders/OrderStatusBadge';
import { trpc } from '../../trpc';
import { ConfirmButton } from '../../ui/ConfirmButton';
import { toastSuccess } from '../../ui/toast';
import { useTitle } from '../../ui/use-title';
import { AdminNotFound } from '../ui/AdminNotFound';
import { isMissingRecord } from '../ui/record-query';
import { CallbackBadge, CallConfirmButton } from './CallbackMark';
import { CheckoutDeliveryForm } from './CheckoutDeliveryForm';
import { CheckoutStatusSwitch } from './CheckoutStatusSwitch';
import { PaymentsPanel } from './PaymentsPanel';
import { customerName, formatDateTime } from './format';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="xs">
        <Title order={3} size="h5">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

function History({ order }: { order: Checkout }) {
  return (
    <Timeline active={order.history.length - 1} bulletSize={14} lineWidth={2}>
      {order.history.map((entry, index) => (
        <Timeline.Item key={index} title={entry.fromStatus ? `${checkoutStatusLabels[entry.fromStatus]} → ${checkoutStatusLabels[entry.toStatus]}` : `Создан: ${checkoutStatusLabels[entry.toStatus]}`}>
          <Text size="xs" c="dimmed">
            {formatDateTime(entry.createdAt)}
            {entry.changedBy ? ` · сотрудник ID ${entry.changedBy}` : ''}
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}

/** /admin/checkouts/{id}: lines, payments and refunds, contact, address, history of statuses, the status switch and deletion. */
export function CheckoutDetailPage() {
  const { id = '' } = useParams();
  const checkoutId = Number(id);
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const query = trpc.orders.checkouts.get.useQuery({ checkoutId }, { enabled: /^\d+$/.test(id), meta: { silent: true } });
  useTitle(`Заказ № ${id}`);
  const move = trpc.orders.checkouts.update.useMutation({
    onSuccess(saved) {
      utils.orders.checkouts.get.setData({ checkoutId }, saved);
      void utils.orders.checkouts.all.invalidate();
      // Cancelling a paid order refunds it.
      void utils.orders.checkouts.payments.invalidate({ checkoutId });
      toastSuccess(orderToasts.orderStatusChanged, `Заказ № ${saved.id}: ${checkoutStatusLabels[saved.status]}`);
    },
  });
  const remove = trpc.orders.checkouts.delete.useMutation({
    onSuccess() {
      void utils.orders.checkouts.all.invalidate();
      toastSuccess(orderToasts.orderDeleted);
      void navigate(routes.adminCheckouts);
    },
  });

  if (query.error) {
    if (isMissingRecord(query)) return <AdminNotFound what="Заказ" backTo={routes.adminCheckouts} backLabel="К списку" />;
    return <Text c="red">Не удалось загрузить заказ.</Text>;
  }
  const order = query.data;
  if (!order) return <Loader />;

  return (
    <Stack maw={1100}>
      <Anchor component={Link} to={routes.adminCheckouts} size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} /> К списку
        </Group>
      </Anchor>
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Group gap="sm">
            <Title order={2}>Заказ № {order.id}</Title>
            <OrderStatusBadge status={order.status} />
            <CallbackBadge order={order} />
            <CallConfirmButton order={order} />
          </Group>
          <Text size="sm" c="dimmed">
            {formatDateTime(order.createdAt)}
            {order.oneClick ? ' · купить в 1 клик' : ''}
          </Text>
        </Stack>
        <ConfirmButton size="xs" loading={remove.isPending} question={`Удалить заказ № ${order.id}?`} onConfirm={() => remove.mutate({ checkoutId })}>
          Удалить
        </ConfirmButton>
      </Group>
      <Paper withBorder radius="md" p="md">
        <Stack gap="xs">
          <Text fw={600}>Статус</Text>
          <CheckoutStatusSwitch status={order.status} saving={move.isPending} onMove={(status) => move.mutate({ checkoutId, status })} />
        </Stack>
      </Paper>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="md">
            <Section title="Товары">
              <OrderLines lines={order.lines} />
              <Divider />
              <Text size="sm" c="dimmed">
                {order.totalQuantity} шт.
              </Text>
              <OrderAmounts items={order.itemsAmount} delivery={order.delivery?.cost ?? null} total={order.totalAmount} />
            </Section>
            <PaymentsPanel order={order} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md">
            <Section title="Покупатель">
              <Text>{customerName(order)}</Text>
              {order.email && (
                <Anchor href={`mailto:${order.email}`} size="sm">
                  {order.email}
                </Anchor>
              )}
              <Anchor href={`tel:${order.phone.replace(/[^\d+]/g, '')}`} size="sm">
                {order.phone}
              </Anchor>
              <Text size="sm" c="dimmed">
                {order.userId ? (
                  <Anchor component={Link} to={`${routes.adminUsers}/${order.userId}`} size="sm">
                    Пользователь ID {order.userId}
                  </Anchor>
                ) : (
                  'Без регистрации'
                )}
              </Text>
            </Section>
            <Section title="Доставка">
              <OrderDeliveryInfo order={order} emptyText="Доставка не выбрана" />
              {order.comment && (
                <Text size="sm" c="dimmed">
                  Комментарий: {order.comment}
                </Text>
              )}
              {order.status === 'New' && (
                <>
                  <Divider />
                  <CheckoutDeliveryForm key={order.updatedAt.getTime()} order={order} onSaved={(saved) => utils.orders.checkouts.get.setData({ checkoutId }, saved)} />
                </>
              )}
            </Section>
            <Section title="История статусов">
              <History order={order} />
            </Section>
          </Stack>
        </Grid.Col>
      </Grid>
      <Group>
        <Button variant="default" component={Link} to={routes.adminCheckouts}>
          К списку
        </Button>
      </Group>
    </Stack>
  );
}
