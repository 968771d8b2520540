import { Group, Stack, Text } from '@mantine/core';
import { formatRubles } from '../../../shared/money.js';
import type { Checkout } from '../../../shared/schemas/orders.js';

/** A delivery cost as the shopper reads it: «бесплатно» or «350 ₽». */
export function deliveryCostText(cost: number): string {
  return cost === 0 ? 'бесплатно' : formatRubles(cost);
}

/** The order's address in one line: «420111, Россия, Казань, ул. Баумана, д. 1». */
export function addressLine(order: Pick<Checkout, 'zipCode' | 'country' | 'city' | 'address'>): string {
  return [order.zipCode, order.country, order.city, order.address].filter(Boolean).join(', ');
}

/** «Товары», «Доставка», «Итого» of an order or of the checkout (delivery null: not known yet). */
export function OrderAmounts({ items, delivery, total }: { items: number; delivery: number | null; total: number }) {
  return (
    <Stack gap={4}>
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm">Товары</Text>
        <Text size="sm" data-testid="order-items-amount">
          {formatRubles(items)}
        </Text>
      </Group>
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm">Доставка</Text>
        <Text size="sm" data-testid="order-delivery-cost">
          {delivery === null ? '—' : deliveryCostText(delivery)}
        </Text>
      </Group>
      <Group justify="space-between" wrap="nowrap">
        <Text fw={600}>Итого</Text>
        <Text fw={700} size="lg" data-testid="order-total">
          {formatRubles(total)}
        </Text>
      </Group>
    </Stack>
  );
}

/**
 * How a placed order travels: the method and its estimate, the pickup point (name, address, hours)
 * or the address, and the cost, as recorded on the order.
 */
export function OrderDeliveryInfo({ order, emptyText = 'Способ доставки согласуем по телефону' }: { order: Checkout; emptyText?: string }) {
  const { delivery } = order;
  if (!delivery) {
    return (
      <Stack gap={2}>
        <Text size="sm">{emptyText}</Text>
        {order.address && <Text size="sm">Адрес: {addressLine(order)}</Text>}
      </Stack>
    );
  }
  return (
    <Stack gap={2} data-testid="order-delivery">
      <Text size="sm" fw={600}>
        {delivery.name}, {delivery.estimate} · {deliveryCostText(delivery.cost)}
      </Text>
      {delivery.pickupPoint ? (
        <Text size="sm">
          Пункт самовывоза: {delivery.pickupPoint.name}, {delivery.pickupPoint.address}
          <br />
          Часы работы: {delivery.pickupPoint.hours}
        </Text>
      ) : (
        <Text size="sm">Адрес: {addressLine(order)}</Text>
      )}
    </Stack>
  );
}
