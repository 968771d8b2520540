import { Group, Progress, Stack, Text } from '@mantine/core';
import { IconTruckDelivery } from '@tabler/icons-react';
import { amountToFreeDelivery } from '../../../shared/delivery-rules.js';
import { formatRubles } from '../../../shared/money.js';
import { useDeliveryOptions } from './use-delivery';

/**
 * «До бесплатной доставки осталось 1 200 ₽» with a bar, or «Доставка бесплатно» once the goods
 * reach the shop's lowest free-delivery threshold; nothing when no method is ever free.
 */
export function FreeDeliveryHint({ amount }: { amount: number }) {
  const options = useDeliveryOptions();
  const freeFrom = options.data?.freeFrom ?? null;
  const left = amountToFreeDelivery(freeFrom, amount);
  if (freeFrom === null || left === null) return null;
  if (left === 0) {
    return (
      <Group gap={6} wrap="nowrap" data-testid="free-delivery-hint">
        <IconTruckDelivery size={18} color="var(--mantine-color-green-8)" aria-hidden />
        <Text size="sm" c="green.8" fw={600}>
          Доставка бесплатно
        </Text>
      </Group>
    );
  }
  return (
    <Stack gap={4} data-testid="free-delivery-hint">
      <Text size="sm">До бесплатной доставки осталось {formatRubles(left)}</Text>
      <Progress value={Math.min(100, (amount / freeFrom) * 100)} size="sm" color="green" aria-label={`Сумма заказа: ${formatRubles(amount)} из ${formatRubles(freeFrom)} для бесплатной доставки`} />
    </Stack>
  );
}
