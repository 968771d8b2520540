import { Button, Group, Text } from '@mantine/core';
import { checkoutMoves, checkoutStatusLabels, type CheckoutStatus } from '../../../shared/schemas/orders.js';
import { ConfirmButton } from '../../ui/ConfirmButton';

const moveLabels: Record<CheckoutStatus, string> = {
  AwaitingPayment: 'Ожидает оплаты',
  New: 'Новый',
  InDelivery: 'Передать в доставку',
  Completed: 'Завершить',
  Canceled: 'Отменить заказ',
};

interface CheckoutStatusSwitchProps {
  status: CheckoutStatus;
  saving: boolean;
  onMove: (status: CheckoutStatus) => void;
}

/** Only the moves the order workflow allows from the current status (docs/orders.md); a cancel asks once more (it returns the stock). */
export function CheckoutStatusSwitch({ status, saving, onMove }: CheckoutStatusSwitchProps) {
  // «Ожидает оплаты» → «Новый» is the payment's move, never the admin's (docs/payments.md).
  const moves = checkoutMoves[status].filter((next) => !(status === 'AwaitingPayment' && next === 'New'));
  if (moves.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Статус «{checkoutStatusLabels[status]}» окончательный.
      </Text>
    );
  }
  return (
    <Group gap="sm" role="group" aria-label="Изменить статус">
      {moves.map((next) =>
        next === 'Canceled' ? (
          <ConfirmButton key={next} variant="light" loading={saving} question="Отменить заказ? Товары вернутся на склад." confirmLabel="Отменить заказ" onConfirm={() => onMove(next)}>
            {moveLabels[next]}
          </ConfirmButton>
        ) : (
          <Button key={next} loading={saving} onClick={() => onMove(next)}>
            {moveLabels[next]}
          </Button>
        ),
      )}
    </Group>
  );
}
