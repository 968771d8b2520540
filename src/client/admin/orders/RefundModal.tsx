import { Alert, Button, Group, Modal, NumberInput, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { formatRubles } from '../../../shared/money.js';
import type { Checkout } from '../../../shared/schemas/orders.js';
import { checkoutRefundSchema, type CheckoutPayments } from '../../../shared/schemas/payments.js';
import { trpc } from '../../trpc';
import { errorMessageOf, toastSuccess } from '../../ui/toast';
import { lineKey, returnedUnits } from './payment-labels';

interface RefundValues {
  mode: 'lines' | 'amount';
  /** Units to return per order line, in the order's line order. */
  quantities: number[];
  amount: number | string;
  reason: string;
}

const resolveRefund = schemaResolver(checkoutRefundSchema, { sync: true });
const moneyProps = { decimalScale: 2, thousandSeparator: ' ', decimalSeparator: ',', rightSection: '₽', hideControls: true } as const;

/**
 * «Вернуть деньги» (orders.checkouts.refund): chosen lines at their order price, or an amount (the
 * delivery, a goodwill refund), with a reason. What the server refuses (more than is left, more
 * units than were bought) is shown in the modal in its own words.
 */
export function RefundModal({ order, payments, onClose, onRefunded }: { order: Checkout; payments: CheckoutPayments; onClose: () => void; onRefunded: (saved: CheckoutPayments) => void }) {
  const returned = returnedUnits(payments);
  const left = Math.max(0, Math.round((payments.paid - payments.refunded) * 100) / 100);
  const toInput = (values: RefundValues) => ({
    checkoutId: order.id,
    reason: values.reason,
    ...(values.mode === 'amount'
      ? { amount: values.amount === '' ? Number.NaN : Number(values.amount) }
      : {
          lines: order.lines.flatMap((line, index) => {
            const quantity = values.quantities[index] ?? 0;
            return quantity > 0 ? [{ variantId: line.variantId, sizeId: line.sizeId, quantity }] : [];
          }),
        }),
  });
  const form = useForm<RefundValues>({
    mode: 'controlled',
    initialValues: { mode: 'lines', quantities: order.lines.map(() => 0), amount: '', reason: '' },
    validate: (values) => {
      const errors = resolveRefund(toInput(values));
      if (values.mode === 'amount' && errors['lines']) delete errors['lines'];
      if (values.mode === 'amount' && values.amount === '') errors['amount'] = 'Укажите сумму возврата';
      return errors;
    },
  });
  const refund = trpc.orders.checkouts.refund.useMutation({
    onSuccess(saved) {
      toastSuccess('Возврат оформлен', `Заказ № ${order.id}`);
      onRefunded(saved);
    },
  });
  const submit = (values: RefundValues) => {
    const input = toInput(values);
    refund.mutate(input);
  };

  return (
    <Modal opened onClose={onClose} title={`Возврат по заказу № ${order.id}`} size="lg" closeButtonProps={{ 'aria-label': 'Закрыть' }}>
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            Оплачено {formatRubles(payments.paid)}, возвращено {formatRubles(payments.refunded)}, можно вернуть {formatRubles(left)}.
          </Text>
          <SegmentedControl
            aria-label="Что вернуть"
            data={[
              { value: 'lines', label: 'Позиции' },
              { value: 'amount', label: 'Сумму' },
            ]}
            {...form.getInputProps('mode')}
          />
          {form.values.mode === 'lines' ? (
            <Stack gap="xs">
              {order.lines.map((line, index) => {
                const canReturn = line.quantity - (returned.get(lineKey(line)) ?? 0);
                const name = [line.name, line.color, line.size ? `размер ${line.size}` : null].filter(Boolean).join(', ');
                return (
                  <NumberInput
                    key={lineKey(line)}
                    label={`${name}: вернуть, шт.`}
                    description={`${formatRubles(line.price)} за шт.; можно вернуть ${canReturn} из ${line.quantity}`}
                    min={0}
                    max={Math.max(canReturn, 0)}
                    allowDecimal={false}
                    allowNegative={false}
                    {...form.getInputProps(`quantities.${index}`)}
                  />
                );
              })}
              {form.errors['lines'] && (
                <Text size="sm" c="red" role="alert">
                  {form.errors['lines']}
                </Text>
              )}
            </Stack>
          ) : (
            <NumberInput label="Сумма возврата" withAsterisk min={0} allowNegative={false} {...moneyProps} {...form.getInputProps('amount')} />
          )}
          <Textarea label="Причина" placeholder="Например: возврат товара надлежащего качества" autosize minRows={2} maxRows={4} {...form.getInputProps('reason')} />
          {refund.error && (
            <Alert color="red" role="alert" title="Возврат не оформлен">
              {errorMessageOf(refund.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Отмена
            </Button>
            <Button type="submit" color="red" loading={refund.isPending}>
              Вернуть деньги
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
