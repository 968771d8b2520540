import { Anchor, Button, Divider, Grid, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconPrinter } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
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
import { CheckoutCustomer } from './CheckoutCustomer';
import { CheckoutAddressForm } from './CheckoutAddressForm';
import { CheckoutLinesEditor } from './CheckoutLinesEditor';
import { CheckoutNotes } from './CheckoutNotes';
import { CheckoutTimeline } from './CheckoutTimeline';
import { formatDateTime } from './format';

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

/**
 * /admin/checkouts/{id}: lines, payments and refunds, contact, address, the status switch and deletion; for a New order
 * paid on delivery, editing its lines and address; internal notes, the history of every change and
 * the printable slip (docs/orders-staff.md).
 */
export function CheckoutDetailPage() {
  const { id = '' } = useParams();
  const checkoutId = Number(id);
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const query = trpc.orders.checkouts.get.useQuery({ checkoutId }, { enabled: /^\d+$/.test(id), meta: { silent: true } });
  useTitle(`Заказ № ${id}`);
  const [editing, setEditing] = useState<'lines' | 'address' | null>(null);
  /** Every change saved here: the page shows the answer, the list and the history reload. */
  const saved = (order: Checkout) => {
    utils.orders.checkouts.get.setData({ checkoutId }, order);
    void utils.orders.checkouts.all.invalidate();
    void utils.orders.checkouts.events.invalidate({ checkoutId });
    setEditing(null);
  };
  const move = trpc.orders.checkouts.update.useMutation({
    onSuccess(saved) {
      utils.orders.checkouts.get.setData({ checkoutId }, saved);
      void utils.orders.checkouts.all.invalidate();
      // Cancelling a paid order refunds it.
      void utils.orders.checkouts.payments.invalidate({ checkoutId });
      void utils.orders.checkouts.events.invalidate({ checkoutId });
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
  // Only a New order paid on delivery may change (an order paid online keeps its money and receipt).
  const editable = order.status === 'New' && order.paymentMethod === 'onDelivery';

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
        <Group gap="xs">
          <Button size="xs" variant="default" component={Link} to={`${routes.adminCheckouts}/${order.id}/print`} target="_blank" leftSection={<IconPrinter size={14} />}>
            Печатная форма
          </Button>
          <ConfirmButton size="xs" loading={remove.isPending} question={`Удалить заказ № ${order.id}?`} onConfirm={() => remove.mutate({ checkoutId })}>
          Удалить
          </ConfirmButton>
        </Group>
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
              {editing === 'lines' ? (
                <CheckoutLinesEditor key={order.version} order={order} onSaved={saved} onCancel={() => setEditing(null)} />
              ) : (
                <>
                  <OrderLines lines={order.lines} />
                  <Divider />
                  <Text size="sm" c="dimmed">
                    {order.totalQuantity} шт.
                  </Text>
                  <OrderAmounts items={order.itemsAmount} delivery={order.delivery?.cost ?? null} total={order.totalAmount} />
                  {editable && (
                    <Group>
                      <Button size="xs" variant="light" onClick={() => setEditing('lines')}>
                        Изменить состав
                      </Button>
                    </Group>
                  )}
                </>
              )}
            </Section>
            <PaymentsPanel order={order} />
            <Section title="Заметки сотрудников">
              <CheckoutNotes checkoutId={checkoutId} />
            </Section>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md">
            <Section title="Покупатель">
              {editing === 'address' ? (
                <CheckoutAddressForm key={order.version} order={order} onSaved={saved} onCancel={() => setEditing(null)} />
              ) : (
                <>
                  <CheckoutCustomer order={order} />
                  {editable && (
                    <Group>
                      <Button size="xs" variant="light" onClick={() => setEditing('address')}>
                        Изменить адрес и контакты
                      </Button>
                    </Group>
                  )}
                </>
              )}
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
                  <CheckoutDeliveryForm key={order.updatedAt.getTime()} order={order} onSaved={saved} />
                </>
              )}
            </Section>
            <Section title="История изменений">
              <CheckoutTimeline checkoutId={checkoutId} />
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
