import { Badge, Group, Text, type MantineSize } from '@mantine/core';
import { formatRubles } from '../../shared/money.js';

/** «−20%» when the old price is higher; nothing otherwise. */
export function discountPercent(price: number, oldPrice: number | null): number | null {
  if (oldPrice === null || oldPrice <= price || oldPrice <= 0) return null;
  const percent = Math.round((1 - price / oldPrice) * 100);
  return percent > 0 ? percent : null;
}

interface ProductPriceProps {
  price: number;
  oldPrice: number | null;
  size?: MantineSize;
  withDiscount?: boolean;
}

/** The price in rubles, the old price struck through beside it, and optionally the discount. */
export function ProductPrice({ price, oldPrice, size = 'md', withDiscount = false }: ProductPriceProps) {
  const discount = discountPercent(price, oldPrice);
  return (
    <Group gap={8} wrap="wrap" align="baseline">
      <Text fw={700} size={size} c={discount ? 'red.8' : undefined} data-testid="price">
        {formatRubles(price)}
      </Text>
      {discount && oldPrice !== null && (
        <Text size={size === 'md' ? 'sm' : 'md'} c="dimmed" td="line-through" aria-label={`Старая цена ${formatRubles(oldPrice)}`}>
          {formatRubles(oldPrice)}
        </Text>
      )}
      {withDiscount && discount && (
        <Badge color="red" variant="filled" size="lg">
          −{discount}%
        </Badge>
      )}
    </Group>
  );
}
