import { Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Product, Variant } from '../../../shared/schemas/catalogue.js';
import { sizeStock } from '../../ui/stock';

interface SoldOutSizesProps {
  product: Product;
  variant: Variant;
  /**
   * What the shopper can do about a sold-out size of this colour (sizeId null: the colour of a
   * product without sizes), such as asking to be told when it is back; shown beside the size.
   */
  action?: ((sizeId: number | null) => ReactNode) | undefined;
}

/** The chosen colour's sold-out sizes, named under the size chips, with a place for an action on each. */
export function SoldOutSizes({ product, variant, action }: SoldOutSizesProps) {
  if (!product.availability) return null;
  if (product.sizes.length === 0) {
    return variant.stock <= 0 && action ? <Group gap="xs">{action(null)}</Group> : null;
  }
  const soldOut = product.sizes.filter((size) => sizeStock(variant, size.id) <= 0);
  if (soldOut.length === 0) return null;
  const names = soldOut.map((size) => size.name).join(', ');
  return (
    <Stack gap={6} data-testid="sold-out-sizes">
      <Text size="sm" c="dimmed">
        {soldOut.length === 1 ? `Размера ${names} нет в наличии` : `Размеров ${names} нет в наличии`}
      </Text>
      {action &&
        soldOut.map((size) => (
          <Group key={size.id} gap="xs" wrap="wrap">
            <Text size="sm" miw={80}>
              Размер {size.name}
            </Text>
            {action(size.id)}
          </Group>
        ))}
    </Stack>
  );
}
