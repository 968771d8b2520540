import { ActionIcon, Anchor, Badge, Box, Button, Group, Stack, Text } from '@mantine/core';
import { IconMinus, IconPlus, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { formatRubles } from '../../../shared/money.js';
import type { BasketLine, LineState } from '../../../shared/schemas/orders.js';
import { routes } from '../../routes';
import { ShopImage } from '../../ui/ShopImage';
import { atStockLimit, lineCeiling, noMoreInStock } from './line-limit';

/** What a line that cannot be ordered as it is says about itself. */
export function lineProblem(line: BasketLine): string | null {
  const problems: Record<Exclude<LineState, 'ok'>, string> = {
    short: `Осталось только ${line.available} шт.`,
    soldOut: 'Нет в наличии',
    withdrawn: 'Снят с продажи',
    gone: 'Товар больше не продаётся',
  };
  return line.state === 'ok' ? null : problems[line.state];
}

interface BasketLineRowProps {
  line: BasketLine;
  onQuantity: (quantity: number) => void;
  onRemove: () => void;
  compact?: boolean;
}

/** One basket line: picture, name, colour and size, quantity, total, and what is wrong with it. */
export function BasketLineRow({ line, onQuantity, onRemove, compact = false }: BasketLineRowProps) {
  const problem = lineProblem(line);
  const details = [line.color?.name, line.size ? `размер ${line.size.name}` : null, !compact && line.article ? `арт. ${line.article}` : null].filter(Boolean).join(' · ');
  const canChange = line.state === 'ok' || line.state === 'short';
  // «+» stops at what the colour in this size has in stock (and at the per-line limit).
  const atStock = atStockLimit(line);
  const name = line.url ? (
    <Anchor component={Link} to={routes.product(line.url)} c="dark" fw={500} size="sm" lineClamp={2}>
      {line.name}
    </Anchor>
  ) : (
    <Text fw={500} size="sm" lineClamp={2}>
      {line.name}
    </Text>
  );
  return (
    <Group wrap="nowrap" align="flex-start" gap="sm" data-testid="basket-line" data-state={line.state} opacity={problem && line.state !== 'short' ? 0.75 : 1}>
      <Box w={compact ? 56 : 88} style={{ flexShrink: 0 }}>
        <ShopImage name={line.image} alt="" radius="sm" sizes={compact ? '56px' : '88px'} />
      </Box>
      <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
        {name}
        {details && (
          <Text size="xs" c="dimmed">
            {details}
          </Text>
        )}
        {problem && (
          <Group gap={6}>
            <Badge color={line.state === 'short' ? 'orange' : 'red'} variant="light" size="sm">
              {problem}
            </Badge>
            {line.state === 'short' && line.available > 0 && (
              <Button size="compact-xs" variant="subtle" onClick={() => onQuantity(line.available)}>
                Оставить {line.available} шт.
              </Button>
            )}
          </Group>
        )}
        {atStock && (
          <Text size="xs" c="dimmed">
            {noMoreInStock}
          </Text>
        )}
        <Group justify="space-between" wrap="wrap" gap="xs">
          {canChange ? (
            <Group gap={4} wrap="nowrap">
              <ActionIcon variant="default" size="md" aria-label={`Уменьшить количество: ${line.name}`} disabled={line.quantity <= 1} onClick={() => onQuantity(line.quantity - 1)}>
                <IconMinus size={14} />
              </ActionIcon>
              <Text w={32} ta="center" fw={600} aria-live="polite" aria-label={`Количество: ${line.quantity}`} data-testid="line-quantity">
                {line.quantity}
              </Text>
              <ActionIcon
                variant="default"
                size="md"
                aria-label={`Увеличить количество: ${line.name}`}
                disabled={line.quantity >= lineCeiling(line)}
                onClick={() => onQuantity(line.quantity + 1)}
              >
                <IconPlus size={14} />
              </ActionIcon>
            </Group>
          ) : (
            <Text size="sm" c="dimmed">
              {line.quantity} шт.
            </Text>
          )}
          <Group gap={4} wrap="nowrap">
            <Stack gap={0} align="flex-end">
              {line.state === 'ok' ? (
                <Text fw={700} data-testid="line-total">
                  {formatRubles(line.lineTotal)}
                </Text>
              ) : (
                <Text size="sm" c="dimmed" data-testid="line-total">
                  Не входит в сумму
                </Text>
              )}
              {line.quantity > 1 && line.price !== null && (
                <Text size="xs" c="dimmed">
                  {formatRubles(line.price)} × {line.quantity}
                </Text>
              )}
            </Stack>
            <ActionIcon variant="subtle" color="gray" aria-label={`Удалить из корзины: ${line.name}`} onClick={onRemove}>
              <IconTrash size={18} />
            </ActionIcon>
          </Group>
        </Group>
      </Stack>
    </Group>
  );
}
