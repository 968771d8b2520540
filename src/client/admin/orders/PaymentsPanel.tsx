import { Badge, Button, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { formatRubles } from '../../../shared/money.js';
import type { Checkout } from '../../../shared/schemas/orders.js';
import { paymentMethodLabels, paymentStatusLabels } from '../../../shared/schemas/payments.js';
import { trpc } from '../../trpc';
import { formatDateTime } from './format';
import { providerPaymentColors, providerPaymentLabels, refundColors, refundLabels } from './payment-labels';
import { RefundModal } from './RefundModal';

/** Orders whose money may be returned in part (docs/payments.md «Partial refund»). */
const refundableStatuses: ReadonlySet<Checkout['status']> = new Set(['New', 'InDelivery', 'Completed']);

/**
 * The admin order page's «Оплата»: the method and the money's state, each payment attempt and each
 * refund (amount, status, the provider's id, time), and «Вернуть деньги» while something paid
 * online is left to return.
 */
export function PaymentsPanel({ order }: { order: Checkout }) {
  const utils = trpc.useUtils();
  const [refunding, setRefunding] = useState(false);
  const query = trpc.orders.checkouts.payments.useQuery({ checkoutId: order.id }, { enabled: order.paymentMethod === 'online' });
  const payments = query.data;
  const canRefund = payments !== undefined && payments.paid - payments.refunded > 0 && refundableStatuses.has(order.status);

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="order-payments-title">
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={3} size="h5" id="order-payments-title">
            Оплата
          </Title>
          {canRefund && (
            <Button size="xs" variant="light" color="red" onClick={() => setRefunding(true)}>
              Вернуть деньги
            </Button>
          )}
        </Group>
        <Group gap="xs">
          <Text size="sm">{paymentMethodLabels[order.paymentMethod]}</Text>
          <Badge variant="light" data-testid="order-payment-status">
            {paymentStatusLabels[order.paymentStatus]}
          </Badge>
        </Group>
        {order.paymentMethod === 'online' && !payments && <Loader size="sm" />}
        {payments && (
          <>
            <Text size="sm" c="dimmed">
              Оплачено {formatRubles(payments.paid)} · возвращено {formatRubles(payments.refunded)}
              {order.payBy && order.status === 'AwaitingPayment' ? ` · оплатить до ${formatDateTime(order.payBy)}` : ''}
            </Text>
            <Table.ScrollContainer minWidth={520}>
              <Table verticalSpacing={4} fz="sm" aria-label="Платежи и возвраты">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Операция</Table.Th>
                    <Table.Th>Сумма</Table.Th>
                    <Table.Th>Статус</Table.Th>
                    <Table.Th>ID в ЮKassa</Table.Th>
                    <Table.Th>Время</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {payments.payments.map((payment) => (
                    <Table.Tr key={`p${payment.id}`} data-testid="payment-row">
                      <Table.Td>Платёж</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatRubles(payment.amount)}</Table.Td>
                      <Table.Td>
                        <Badge variant="light" color={providerPaymentColors[payment.status]}>
                          {providerPaymentLabels[payment.status]}
                        </Badge>
                      </Table.Td>
                      <Table.Td style={{ wordBreak: 'break-all' }}>{payment.providerId ?? '—'}</Table.Td>
                      <Table.Td>{formatDateTime(payment.paidAt ?? payment.createdAt)}</Table.Td>
                    </Table.Tr>
                  ))}
                  {payments.refunds.map((refund) => (
                    <Table.Tr key={`r${refund.id}`} data-testid="refund-row">
                      <Table.Td>
                        Возврат
                        {refund.lines.length > 0 && (
                          <Text size="xs" c="dimmed">
                            {refund.lines.map((line) => `${line.name} × ${line.quantity}`).join('; ')}
                          </Text>
                        )}
                        {refund.reason && (
                          <Text size="xs" c="dimmed">
                            {refund.reason}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatRubles(refund.amount)}</Table.Td>
                      <Table.Td>
                        <Badge variant="light" color={refundColors[refund.status]}>
                          {refundLabels[refund.status]}
                        </Badge>
                      </Table.Td>
                      <Table.Td style={{ wordBreak: 'break-all' }}>{refund.providerId ?? '—'}</Table.Td>
                      <Table.Td>{formatDateTime(refund.createdAt)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </>
        )}
      </Stack>
      {refunding && payments && (
        <RefundModal
          order={order}
          payments={payments}
          onClose={() => setRefunding(false)}
          onRefunded={(saved) => {
            utils.orders.checkouts.payments.setData({ checkoutId: order.id }, saved);
            void utils.orders.checkouts.get.invalidate({ checkoutId: order.id });
            void utils.orders.checkouts.all.invalidate();
            setRefunding(false);
          }}
        />
      )}
    </Paper>
  );
}
