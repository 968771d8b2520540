import { Accordion, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { formatRubles } from '../../../shared/money.js';
import { trpc } from '../../trpc';
import { productCount } from '../../ui/russian-plural';
import { OrderAmounts, OrderDeliveryInfo } from './OrderDeliveryInfo';
import { OrderLines } from './OrderLines';
import { OrderStatusBadge } from './OrderStatusBadge';

const dateFormat = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric' });

/** The profile's «Мои заказы»: every own order with its status and lines (up to 1000; a failure is silent). */
export function ProfileOrders() {
  const orders = trpc.orders.checkouts.list.useQuery({ limit: 1000 }, { meta: { silent: true } });
  const rows = orders.data?.rows ?? [];
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="my-orders">
      <Stack>
        <Title order={4} id="my-orders">
          Мои заказы
        </Title>
        {orders.isLoading ? (
          <Loader size="sm" />
        ) : rows.length === 0 ? (
          <Text c="dimmed">Заказов пока нет.</Text>
        ) : (
          <Accordion variant="separated" chevronPosition="right">
            {rows.map((order) => (
              <Accordion.Item key={order.id} value={String(order.id)}>
                <Accordion.Control>
                  <Group justify="space-between" wrap="wrap" gap="xs" pr="xs">
                    <Stack gap={0}>
                      <Text fw={600}>Заказ № {order.id}</Text>
                      <Text size="xs" c="dimmed">
                        {dateFormat.format(order.createdAt)} · {productCount(order.totalQuantity)}
                      </Text>
                    </Stack>
                    <Group gap="sm">
                      <OrderStatusBadge status={order.status} />
                      <Text fw={700}>{formatRubles(order.totalAmount)}</Text>
                    </Group>
                  </Group>
                </Accordion.Control>
                <Accordion.Panel>
                  <Stack gap="xs">
                    <OrderLines lines={order.lines} />
                    <OrderAmounts items={order.itemsAmount} delivery={order.delivery?.cost ?? null} total={order.totalAmount} />
                    <OrderDeliveryInfo order={order} />
                  </Stack>
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        )}
      </Stack>
    </Paper>
  );
}
