import { ActionIcon, Anchor, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import { useEffect, useId, useRef } from 'react';
import { Link } from 'react-router-dom';
import type { BasketLine } from '../../../shared/schemas/orders.js';
import { routes } from '../../routes';
import { atStockLimit, lineCeiling, noMoreInStock } from './line-limit';
import { toItem, useBasket } from './use-basket';

interface BasketStepperProps {
  /** The basket line of the variant and size the button adds. */
  line: BasketLine;
  productName: string;
  /** A catalogue card's small one; the product page's is the size of its buttons. */
  compact?: boolean;
  /** It replaces the «В корзину» the shopper just pressed: the focus moves onto it, not to the page body. */
  focusOnMount?: boolean;
}

/**
 * «− N +» in place of «В корзину» once the line is in the basket (as on Ozon and Wildberries):
 * «−» at 1 removes the line (the button comes back), «+» stops at the size's stock with the
 * basket page's «Больше нет в наличии», shown as text (a tooltip alone is lost on a phone).
 * A chunk of its own: it loads only once some line is in the basket.
 */
export default function BasketStepper({ line, productName, compact = false, focusOnMount = false }: BasketStepperProps) {
  const { basket, setItems } = useBasket();
  const limitId = useId();
  const atStock = atStockLimit(line);
  const more = useRef<HTMLButtonElement>(null);
  const fewer = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    // Without scrolling: on a phone the page's stepper and the buy bar's mount together, and the
    // bar's (mounted last) keeps the focus; scrolling to the page's one would take the bar away.
    if (focusOnMount) (more.current?.disabled ? fewer.current : more.current)?.focus({ preventScroll: true });
  }, [focusOnMount]);
  const setQuantity = (quantity: number) => {
    if (!basket) return;
    const items = basket.orderProducts.flatMap((known) => {
      if (known.variantId !== line.variantId || known.sizeId !== line.sizeId) return [toItem(known)];
      return quantity > 0 ? [{ ...toItem(known), quantity }] : [];
    });
    void setItems(items);
  };
  const size = compact ? 'md' : 'xl';
  return (
    <Stack gap={2} data-testid="basket-stepper">
      <Group gap={compact ? 4 : 'xs'} wrap="nowrap" justify={compact ? 'space-between' : 'flex-start'} role="group" aria-label={`В корзине: ${productName}`}>
        <ActionIcon ref={fewer} variant="light" size={size} aria-label={`Уменьшить количество: ${productName}`} onClick={() => setQuantity(line.quantity - 1)}>
          <IconMinus size={compact ? 14 : 18} />
        </ActionIcon>
        <Text fw={700} ta="center" miw={compact ? 24 : 40} size={compact ? 'sm' : 'lg'} aria-live="polite">
          <span data-testid="stepper-quantity">{line.quantity}</span>
          <VisuallyHidden> шт. в корзине</VisuallyHidden>
        </Text>
        <ActionIcon
          ref={more}
          variant="light"
          size={size}
          aria-label={`Увеличить количество: ${productName}`}
          aria-describedby={atStock ? limitId : undefined}
          disabled={line.quantity >= lineCeiling(line)}
          onClick={() => setQuantity(line.quantity + 1)}
        >
          <IconPlus size={compact ? 14 : 18} />
        </ActionIcon>
        {!compact && (
          <Anchor component={Link} to={routes.cart} size="sm" fw={500}>
            В корзине
          </Anchor>
        )}
      </Group>
      {compact && (
        <Anchor component={Link} to={routes.cart} size="xs" ta="center">
          В корзине
        </Anchor>
      )}
      {atStock && (
        <Text id={limitId} size="xs" c="dimmed" ta={compact ? 'center' : undefined}>
          {noMoreInStock}
        </Text>
      )}
    </Stack>
  );
}
