import { ActionIcon, Button, Group, NumberInput, Stack, Table, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { formatRubles, toKopecks, toRubles } from '../../../shared/money.js';
import type { Checkout } from '../../../shared/schemas/orders.js';
import { trpc } from '../../trpc';
import { toastSuccess } from '../../ui/toast';
import { OrderItemsField, type PickedItem } from './OrderItemsField';

const keyOf = (item: { variantId: number; sizeId?: number | null }) => `${item.variantId}:${item.sizeId ?? 0}`;

function linesOf(order: Checkout): PickedItem[] {
  return order.lines.map((line) => ({
    variantId: line.variantId,
    sizeId: line.sizeId,
    quantity: line.quantity,
    price: line.price,
    label: [line.name, line.color, line.size ? `размер ${line.size}` : null, `арт. ${line.article}`].filter(Boolean).join(', '),
  }));
}

interface CheckoutLinesEditorProps {
  order: Checkout;
  onSaved: (saved: Checkout) => void;
  onCancel: () => void;
}

/**
 * Editing a New order paid on delivery (orders.checkouts.editLines): quantities, removing lines,
 * adding a variant and size. Kept lines keep their order price; the server takes or returns the
 * stock and computes the total (goods + the delivery as recorded); the preview here is the same sum.
 */
export function CheckoutLinesEditor({ order, onSaved, onCancel }: CheckoutLinesEditorProps) {
  const [items, setItems] = useState<PickedItem[]>(() => linesOf(order));
  const save = trpc.orders.checkouts.editLines.useMutation({
    onSuccess(saved) {
      onSaved(saved);
      toastSuccess('Состав заказа сохранён', `Итого: ${formatRubles(saved.totalAmount)}`);
    },
  });
  const setQuantity = (index: number, quantity: number) => setItems(items.map((item, at) => (at === index ? { ...item, quantity } : item)));
  const add = (added: PickedItem[]) => {
    let next = items;
    for (const item of added) {
      const known = next.findIndex((candidate) => keyOf(candidate) === keyOf(item));
      next = known >= 0 ? next.map((candidate, at) => (at === known ? { ...candidate, quantity: candidate.quantity + item.quantity } : candidate)) : [...next, item];
    }
    setItems(next);
  };
  const goods = toRubles(items.reduce((sum, item) => sum + toKopecks(item.price) * item.quantity, 0));
  const delivery = order.delivery?.cost ?? 0;

  return (
    <Stack gap="sm">
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Товар</Table.Th>
            <Table.Th>Цена</Table.Th>
            <Table.Th>Количество</Table.Th>
            <Table.Th aria-label="Убрать" />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item, index) => (
            <Table.Tr key={keyOf(item)}>
              <Table.Td>{item.label}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatRubles(item.price)}</Table.Td>
              <Table.Td w={120}>
                <NumberInput
                  aria-label={`Количество: ${item.label}`}
                  min={1}
                  max={999}
                  clampBehavior="strict"
                  allowDecimal={false}
                  value={item.quantity}
                  onChange={(value) => setQuantity(index, typeof value === 'number' && value >= 1 ? value : 1)}
                />
              </Table.Td>
              <Table.Td w={40}>
                <ActionIcon variant="subtle" color="red" aria-label={`Убрать: ${item.label}`} disabled={items.length === 1} onClick={() => setItems(items.filter((_, at) => at !== index))}>
                  <IconTrash size={16} />
                </ActionIcon>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <OrderItemsField items={[]} onChange={add} />
      <Text size="sm">
        Товары: {formatRubles(goods)} · доставка: {formatRubles(delivery)} · итого после сохранения: <b>{formatRubles(goods + delivery)}</b>
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          Отмена
        </Button>
        <Button
          loading={save.isPending}
          onClick={() => save.mutate({ checkoutId: order.id, version: order.version, lines: items.map(({ variantId, sizeId, quantity }) => ({ variantId, sizeId, quantity })) })}
        >
          Сохранить состав
        </Button>
      </Group>
    </Stack>
  );
}
