import { Badge } from '@mantine/core';
import { checkoutStatusLabels, type CheckoutStatus } from '../../../shared/schemas/orders.js';

const colors: Record<CheckoutStatus, string> = { AwaitingPayment: 'yellow', New: 'blue', InDelivery: 'orange', Completed: 'green', Canceled: 'gray' };

/** A checkout's status in Russian, coloured by how far the order has gone. */
export function OrderStatusBadge({ status }: { status: CheckoutStatus }) {
  return (
    <Badge color={colors[status]} variant="light">
      {checkoutStatusLabels[status]}
    </Badge>
  );
}
