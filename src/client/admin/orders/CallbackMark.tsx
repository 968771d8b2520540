import { Badge, Button } from '@mantine/core';
import { IconPhoneCheck } from '@tabler/icons-react';
import type { Checkout } from '../../../shared/schemas/orders.js';
import { trpc } from '../../trpc';
import { toastSuccess } from '../../ui/toast';

/**
 * A one-click order waiting for the shop's call (docs/orders.md, "One click"): the «Перезвонить»
 * badge in the list and on the order, and «Подтверждён по телефону» on the order.
 */
export function CallbackBadge({ order }: { order: Pick<Checkout, 'callbackPending'> }) {
  if (!order.callbackPending) return null;
  return (
    <Badge color="red" variant="filled">
      Перезвонить
    </Badge>
  );
}

export function CallConfirmButton({ order }: { order: Pick<Checkout, 'id' | 'callbackPending'> }) {
  const utils = trpc.useUtils();
  const confirm = trpc.orders.checkouts.confirmCall.useMutation({
    onSuccess(saved) {
      utils.orders.checkouts.get.setData({ checkoutId: saved.id }, saved);
      void utils.orders.checkouts.all.invalidate();
      toastSuccess('Подтверждён по телефону', `Заказ № ${saved.id}`);
    },
  });
  if (!order.callbackPending) return null;
  return (
    <Button size="xs" color="green" leftSection={<IconPhoneCheck size={16} />} loading={confirm.isPending} onClick={() => confirm.mutate({ checkoutId: order.id })}>
      Подтверждён по телефону
    </Button>
  );
}
