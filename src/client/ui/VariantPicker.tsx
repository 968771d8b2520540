import { Box, Button, ColorSwatch, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { Variant } from '../../shared/schemas/catalogue.js';
import { colourSoldOut } from './stock';

function variantLabel(variant: Variant, index: number): string {
  return variant.color?.name ?? `Вариант ${index + 1}`;
}

/** Colour swatches (or named buttons for variants without a colour) that choose the variant; a sold-out colour can still be looked at. */
export function VariantPicker({ variants, selected, onSelect }: { variants: Variant[]; selected: Variant; onSelect: (variant: Variant) => void }) {
  const selectedIndex = variants.indexOf(selected);
  return (
    <Stack gap={8}>
      <Text size="sm">
        <Text span c="dimmed">
          {selected.color ? 'Цвет: ' : 'Вариант: '}
        </Text>
        <Text span fw={600}>
          {variantLabel(selected, selectedIndex)}
        </Text>
      </Text>
      <Group gap="xs" role="radiogroup" aria-label={variants.some((variant) => variant.color) ? 'Цвет' : 'Вариант'}>
        {variants.map((variant, index) => {
          const active = variant.id === selected.id;
          const label = variantLabel(variant, index);
          // Sold out only when every size of the colour is.
          const soldOut = colourSoldOut(variant);
          if (!variant.color) {
            return (
              <Button
                key={variant.id}
                role="radio"
                aria-checked={active}
                variant={active ? 'filled' : 'default'}
                size="compact-md"
                onClick={() => onSelect(variant)}
                td={soldOut ? 'line-through' : undefined}
              >
                {label}
              </Button>
            );
          }
          return (
            <UnstyledButton
              key={variant.id}
              role="radio"
              aria-checked={active}
              aria-label={soldOut ? `${label} (нет в наличии)` : label}
              title={label}
              onClick={() => onSelect(variant)}
              style={{
                borderRadius: '50%',
                padding: 3,
                border: `2px solid ${active ? 'var(--mantine-color-blue-6)' : 'transparent'}`,
                opacity: soldOut ? 0.45 : 1,
              }}
            >
              <ColorSwatch component={Box} color={variant.color.code} size={32}>
                {active && <IconCheck size={16} color={isLight(variant.color.code) ? '#000' : '#fff'} />}
              </ColorSwatch>
            </UnstyledButton>
          );
        })}
      </Group>
    </Stack>
  );
}

/** Whether a #rrggbb colour is light enough to need a dark check mark on it. */
function isLight(code: string): boolean {
  const value = Number.parseInt(code.slice(1), 16);
  const [r, g, b] = [(value >> 16) & 255, (value >> 8) & 255, value & 255];
  return 0.299 * r + 0.587 * g + 0.114 * b > 160;
}
