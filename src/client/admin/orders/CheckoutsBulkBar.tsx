import { Button, Group, List, Modal, Select, Text } from '@mantine/core';
import { useState } from 'react';
import { checkoutStatuses, checkoutStatusLabels, type CheckoutStatus } from '../../../shared/schemas/orders.js';
import type { CheckoutBulkResult } from '../../../shared/schemas/orders-staff.js';
import { trpc } from '../../trpc';
import { toastSuccess } from '../../ui/toast';

// «Новый» is never a move by hand (only the payment makes an order New).
const targets = checkoutStatuses.filter((status) => status !== 'New' && status !== 'AwaitingPayment').map((status) => ({ value: status, label: checkoutStatusLabels[status] }));
const isStatus = (value: string | null): value is CheckoutStatus => checkoutStatuses.some((status) => status === value);

interface CheckoutsBulkBarProps {
  selected: readonly number[];
  onDone: () => void;
}

/**
 * The admin list's bulk status change (orders.checkouts.bulkStatus): each selected order moves by
 * the same rules as on its own page; the answer lists the refused ones with their reasons.
 */
export function CheckoutsBulkBar({ selected, onDone }: CheckoutsBulkBarProps) {
  const utils = trpc.useUtils();
  const [status, setStatus] = useState<CheckoutStatus | null>(null);
  const [result, setResult] = useState<CheckoutBulkResult | null>(null);
  const bulk = trpc.orders.checkouts.bulkStatus.useMutation({
    onSuccess(answer) {
      void utils.orders.checkouts.all.invalidate();
      const moved = answer.results.filter((row) => row.ok).length;
      toastSuccess('Статусы изменены', `Изменено: ${moved} из ${answer.results.length}`);
      if (answer.results.some((row) => !row.ok)) setResult(answer);
      onDone();
    },
  });
  const refused = result?.results.filter((row) => !row.ok) ?? [];
  return (
    <Group align="flex-end" gap="sm" role="group" aria-label="Действия с выбранными заказами">
      <Text size="sm" mb={8}>
        Выбрано: {selected.length}
      </Text>
      <Select label="Новый статус" placeholder="Выберите статус" data={targets} value={status} onChange={(value) => setStatus(isStatus(value) ? value : null)} w={200} />
      <Button disabled={!status || selected.length === 0} loading={bulk.isPending} onClick={() => status && bulk.mutate({ checkoutIds: [...selected], status })}>
        Сменить статус
      </Button>
      <Modal opened={result !== null} onClose={() => setResult(null)} title="Не все заказы изменены" closeButtonProps={{ 'aria-label': 'Закрыть' }}>
        <List spacing="xs" size="sm">
          {refused.map((row) => (
            <List.Item key={row.checkoutId}>
              Заказ № {row.checkoutId}: {row.message}
            </List.Item>
          ))}
        </List>
      </Modal>
    </Group>
  );
}
