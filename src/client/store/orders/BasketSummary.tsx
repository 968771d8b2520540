import { Alert, Group, Stack, Text } from '@mantine/core';
import { formatRubles } from '../../../shared/money.js';
import type { Basket } from '../../../shared/schemas/orders.js';
import { productCount } from '../../ui/russian-plural';
import { FreeDeliveryHint } from './FreeDeliveryHint';

/** «3 товара на сумму …», how much more buys free delivery, and a warning while some line cannot be ordered. */
export function BasketSummary({ basket }: { basket: Basket }) {
  return (
    <Stack gap="xs">
      <Group justify="space-between" wrap="nowrap">
        <Text c="dimmed">{productCount(basket.totalQuantity)}</Text>
        <Text fw={700} size="xl" data-testid="basket-total">
          {formatRubles(basket.totalAmount)}
        </Text>
      </Group>
      <FreeDeliveryHint amount={basket.totalAmount} />
      <BasketProblems basket={basket} />
    </Stack>
  );
}

/** The warning while some line cannot be ordered. */
export function BasketProblems({ basket }: { basket: Basket }) {
  if (!basket.hasProblems) return null;
  return (
    <Alert color="orange" p="xs" role="status">
      <Text size="sm">Некоторых товаров нет в нужном количестве. Измените количество или удалите их, чтобы оформить заказ.</Text>
    </Alert>
  );
}
