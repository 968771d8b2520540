import { Group, Paper, Text } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { formatRubles } from '../../../shared/money.js';

/** The bar's height and the page's bottom padding while it shows (nothing stays hidden under it). */
const BAR_HEIGHT = 72;

/**
 * The phone product page's buy bar: fixed at the bottom once the page's own «В корзину» has
 * scrolled away, with the price and the same button or stepper. A chunk of its own, loaded the
 * first time it shows.
 */
export default function StickyBuyBar({ price, children }: { price: number; children: ReactNode }) {
  useEffect(() => {
    const body = document.body;
    const before = body.style.paddingBottom;
    body.style.paddingBottom = `${BAR_HEIGHT}px`;
    return () => {
      body.style.paddingBottom = before;
    };
  }, []);
  return (
    <Paper
      role="region"
      aria-label="Покупка"
      data-testid="sticky-buy-bar"
      pos="fixed"
      left={0}
      right={0}
      bottom={0}
      mih={BAR_HEIGHT}
      px="md"
      py="xs"
      radius={0}
      shadow="md"
      style={{ zIndex: 10, borderTop: '1px solid var(--mantine-color-gray-3)', display: 'flex', alignItems: 'center' }}
    >
      <Group justify="space-between" wrap="nowrap" gap="sm" w="100%">
        <Text fw={700} size="lg" style={{ whiteSpace: 'nowrap' }}>
          {formatRubles(price)}
        </Text>
        <div style={{ flex: '0 1 220px', minWidth: 0 }}>{children}</div>
      </Group>
    </Paper>
  );
}
