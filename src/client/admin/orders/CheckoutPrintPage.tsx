import { Button, Center, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { Navigate, useLocation, useParams } from 'react-router-dom';
import { formatRubles } from '../../../shared/money.js';
import { formatPhone } from '../../../shared/phone.js';
import { checkoutStatusLabels } from '../../../shared/schemas/orders.js';
import { paymentMethodLabels } from '../../../shared/schemas/payments.js';
import { useAuth } from '../../accounts/AuthProvider';
import { routes } from '../../routes';
import { trpc } from '../../trpc';
import { useTitle } from '../../ui/use-title';
import { customerName, formatDateTime } from './format';
import classes from './CheckoutPrintPage.module.css';

function PrintSlip({ checkoutId }: { checkoutId: number }) {
  const query = trpc.orders.checkouts.get.useQuery({ checkoutId });
  const order = query.data;
  if (query.error) return <Text c="red">Не удалось загрузить заказ.</Text>;
  if (!order) return <Loader />;
  const delivery = order.delivery;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <Title order={1} size="h2">
            Заказ № {order.id}
          </Title>
          <Text size="sm">
            от {formatDateTime(order.createdAt)} · {checkoutStatusLabels[order.status]} · оплата: {paymentMethodLabels[order.paymentMethod]}
          </Text>
        </Stack>
        <Button className={classes.noPrint} leftSection={<IconPrinter size={16} />} onClick={() => window.print()}>
          Печать
        </Button>
      </Group>
      <Table withTableBorder withColumnBorders verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>№</Table.Th>
            <Table.Th>Артикул</Table.Th>
            <Table.Th>Товар</Table.Th>
            <Table.Th>Размер</Table.Th>
            <Table.Th>Кол-во</Table.Th>
            <Table.Th>Цена</Table.Th>
            <Table.Th>Сумма</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {order.lines.map((line, index) => (
            <Table.Tr key={`${line.variantId}:${line.sizeId ?? 0}`}>
              <Table.Td>{index + 1}</Table.Td>
              <Table.Td>{line.article}</Table.Td>
              <Table.Td>{[line.name, line.color].filter(Boolean).join(', ')}</Table.Td>
              <Table.Td>{line.size ?? '—'}</Table.Td>
              <Table.Td>{line.quantity}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatRubles(line.price)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatRubles(line.lineTotal)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Stack gap={2} align="flex-end">
        <Text size="sm">
          Товары ({order.totalQuantity} шт.): {formatRubles(order.itemsAmount)}
        </Text>
        <Text size="sm">Доставка: {delivery ? formatRubles(delivery.cost) : '—'}</Text>
        <Text fw={700}>Итого: {formatRubles(order.totalAmount)}</Text>
      </Stack>
      <Stack gap={2}>
        <Title order={2} size="h4">
          Получатель
        </Title>
        <Text>{customerName(order)}</Text>
        <Text>Телефон: {formatPhone(order.phone)}</Text>
        {order.email && <Text>E-mail: {order.email}</Text>}
      </Stack>
      <Stack gap={2}>
        <Title order={2} size="h4">
          Доставка
        </Title>
        <Text>{delivery ? [delivery.name, delivery.estimate].filter(Boolean).join(', ') : 'Доставка не выбрана'}</Text>
        {delivery?.pickupPoint && <Text>Пункт выдачи: {delivery.pickupPoint.name}</Text>}
        <Text>Адрес: {[order.zipCode, order.country, order.city, order.address].filter(Boolean).join(', ') || '—'}</Text>
        {order.comment && <Text>Комментарий: {order.comment}</Text>}
      </Stack>
    </Stack>
  );
}

/**
 * /admin/checkouts/{id}/print: the order as a packing slip — no admin menu or header, print CSS
 * (the «Печать» button itself is not printed). Admin only, like the rest of /admin.
 */
export function CheckoutPrintPage() {
  const { id = '' } = useParams();
  const { user, loading } = useAuth();
  const location = useLocation();
  useTitle(`Заказ № ${id}: печатная форма`);
  if (loading && !user) {
    return (
      <Center h="100vh">
        <Loader />
      </Center>
    );
  }
  if (user?.role !== 'Admin') return <Navigate to={`${routes.adminLogin}?next=${encodeURIComponent(location.pathname)}`} replace />;
  return (
    <main className={classes.page}>{/^\d+$/.test(id) ? <PrintSlip checkoutId={Number(id)} /> : <Text>Заказ не найден.</Text>}</main>
  );
}
