import { Group, Text } from '@mantine/core';
import { IconCircleCheckFilled, IconCircleXFilled } from '@tabler/icons-react';
import { fewLeft } from './stock';

interface StockLineProps {
  /** How many are in stock: of the chosen size, or of the whole colour before a size is chosen. */
  stock: number;
  /** The chosen size's name; without it the line speaks about the colour. */
  sizeName?: string | undefined;
}

/** «В наличии», «Осталось N шт.» or «Нет в наличии», for the chosen size or the colour. */
export function StockLine({ stock, sizeName }: StockLineProps) {
  const prefix = sizeName ? `Размер ${sizeName}: ` : '';
  if (stock <= 0) {
    return (
      <Group gap={6} c="red.8" wrap="nowrap" data-testid="stock-line">
        <IconCircleXFilled size={18} style={{ flexShrink: 0 }} aria-hidden />
        <Text fw={500}>{prefix ? `${prefix}нет в наличии` : 'Нет в наличии'}</Text>
      </Group>
    );
  }
  const few = fewLeft(stock);
  const text = few ? `осталось ${stock} шт.` : 'в наличии';
  return (
    <Group gap={6} c={few ? 'orange.8' : 'green.8'} wrap="nowrap" data-testid="stock-line">
      <IconCircleCheckFilled size={18} style={{ flexShrink: 0 }} aria-hidden />
      <Text fw={500}>{prefix ? prefix + text : text.charAt(0).toUpperCase() + text.slice(1)}</Text>
    </Group>
  );
}
