import { Group, Stack, Text } from '@mantine/core';
import { formatRubles } from '../../../shared/money.js';
import type { CheckoutLine } from '../../../shared/schemas/orders.js';

/** A placed order's lines as they were ordered (the snapshot: name, colour, size, price then). */
export function OrderLines({ lines }: { lines: CheckoutLine[] }) {
  return (
    <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {lines.map((line) => (
        <Group component="li" key={`${line.variantId}-${line.sizeId ?? 0}`} justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text size="sm">{line.name}</Text>
            <Text size="xs" c="dimmed">
              {[line.color, line.size ? `размер ${line.size}` : null, `арт. ${line.article}`].filter(Boolean).join(' · ')} · {line.quantity} × {formatRubles(line.price)}
            </Text>
          </Stack>
          <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
            {formatRubles(line.lineTotal)}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}
