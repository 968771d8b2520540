import { Chip, Group, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { fewLeft } from '../../ui/stock';

interface SizePickerProps {
  sizes: Array<{ id: number; name: string; url: string }>;
  /** How many of the chosen colour are in stock in a size. */
  stockOf: (sizeId: number) => number;
  value: string | null;
  onChange: (url: string | null) => void;
  /** The prompt shown (and announced) when the shopper tried to buy without a size. */
  error?: string | null;
}

/** The accessible name of a size's chip: its name, and how it stands when it is sold out or nearly. */
function chipName(name: string, stock: number): string {
  if (stock <= 0) return `${name}, нет в наличии`;
  return fewLeft(stock) ? `${name}, осталось ${stock} шт.` : name;
}

/**
 * Every size of the chosen colour as a chip; a size is required where the product has sizes.
 * A sold-out size stays in its place, struck through and disabled; the last few say how many are left.
 * The chips are one radio group for the keyboard: Tab enters at the chosen size, arrows choose.
 */
export function SizePicker({ sizes, stockOf, value, onChange, error }: SizePickerProps) {
  const errorId = useId();
  // One name makes the chips one native radio group: a single Tab stop, arrows move between sizes.
  const groupName = useId();
  return (
    <Stack gap={8}>
      <Text size="sm">
        <Text span c="dimmed">
          Размер:{' '}
        </Text>
        <Text span fw={600}>
          {sizes.find((item) => item.url === value)?.name ?? 'выберите'}
        </Text>
      </Text>
      <Chip.Group value={value} onChange={(next) => onChange(next)}>
        <Group gap="sm" align="flex-start" role="radiogroup" aria-label="Размер" aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined}>
          {sizes.map((item) => {
            const stock = stockOf(item.id);
            const soldOut = stock <= 0;
            return (
              <Stack key={item.id} gap={2} align="center">
                <Chip
                  value={item.url}
                  name={groupName}
                  radius="sm"
                  variant="outline"
                  color={error ? 'red' : undefined}
                  disabled={soldOut}
                  aria-label={chipName(item.name, stock)}
                  data-testid="size-chip"
                  styles={soldOut ? { label: { textDecoration: 'line-through' } } : undefined}
                >
                  <span>{item.name}</span>
                </Chip>
                {fewLeft(stock) && (
                  <Text size="xs" c="orange.8" aria-hidden>
                    Осталось {stock}
                  </Text>
                )}
              </Stack>
            );
          })}
        </Group>
      </Chip.Group>
      {error && (
        <Text id={errorId} role="alert" size="sm" c="red.8" fw={500}>
          {error}
        </Text>
      )}
    </Stack>
  );
}
