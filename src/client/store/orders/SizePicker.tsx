import { Chip, Group, Stack, Text } from '@mantine/core';
import { useId } from 'react';

interface SizePickerProps {
  sizes: Array<{ id: number; name: string; url: string }>;
  value: string | null;
  onChange: (url: string | null) => void;
  /** The prompt shown (and announced) when the shopper tried to buy without a size. */
  error?: string | null;
}

/** The sizes as chips; a size is required where the product has sizes. */
export function SizePicker({ sizes, value, onChange, error }: SizePickerProps) {
  const errorId = useId();
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
        <Group gap={6} role="radiogroup" aria-label="Размер" aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined}>
          {sizes.map((item) => (
            <Chip key={item.id} value={item.url} radius="sm" variant="outline" color={error ? 'red' : undefined}>
              {item.name}
            </Chip>
          ))}
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
