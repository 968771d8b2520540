import { Box, Stack } from '@mantine/core';
import type { Basket } from '../../../shared/schemas/orders.js';
import { BasketLineRow } from './BasketLineRow';
import { toItem, type BasketItem } from './use-basket';

interface BasketLinesProps {
  basket: Basket;
  setItems: (items: BasketItem[]) => Promise<unknown>;
  compact?: boolean;
}

/** The basket's lines; a change sends the whole new list (PUT /baskets/{id}). */
export function BasketLines({ basket, setItems, compact = false }: BasketLinesProps) {
  const items = basket.orderProducts.map(toItem);
  const change = (index: number, quantity: number) => void setItems(items.map((item, at) => (at === index ? { ...item, quantity } : item)));
  const remove = (index: number) => void setItems(items.filter((_, at) => at !== index));
  return (
    <Stack gap="sm" component="ul" aria-label="Товары в корзине" p={0} m={0} style={{ listStyle: 'none' }}>
      {basket.orderProducts.map((line, index) => (
        <Box
          component="li"
          key={`${line.variantId}-${line.sizeId ?? 0}`}
          pt={index > 0 ? 'sm' : 0}
          style={index > 0 ? { borderTop: '1px solid var(--mantine-color-gray-3)' } : undefined}
        >
          <BasketLineRow line={line} compact={compact} onQuantity={(quantity) => change(index, quantity)} onRemove={() => remove(index)} />
        </Box>
      ))}
    </Stack>
  );
}
