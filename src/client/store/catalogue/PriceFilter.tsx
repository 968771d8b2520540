import { Group, NumberInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useState, type KeyboardEvent } from 'react';

interface PriceFilterProps {
  /** 0 = no bound (SPEC.md section 3). */
  minPrice: number;
  maxPrice: number;
  /** The prices the other filters leave, shown as hints. */
  range: { minPrice: number; maxPrice: number } | undefined;
  onChange: (range: { minPrice: number; maxPrice: number }) => void;
}

const toBound = (value: number | string): number => (typeof value === 'number' && value > 0 ? value : 0);

/** «от» and «до» in rubles; applied a moment after typing stops, or at once on Enter or leaving the field. */
export function PriceFilter({ minPrice, maxPrice, range, onChange }: PriceFilterProps) {
  const [from, setFrom] = useState<number | string>(minPrice || '');
  const [to, setTo] = useState<number | string>(maxPrice || '');

  // The query string is the source of truth: follow it when it changes elsewhere (reset, back button).
  const [shown, setShown] = useState({ minPrice, maxPrice });
  if (shown.minPrice !== minPrice || shown.maxPrice !== maxPrice) {
    setShown({ minPrice, maxPrice });
    setFrom(minPrice || '');
    setTo(maxPrice || '');
  }

  const apply = (nextFrom: number | string, nextTo: number | string) => {
    let low = toBound(nextFrom);
    let high = toBound(nextTo);
    if (low && high && low > high) [low, high] = [high, low];
    if (low !== minPrice || high !== maxPrice) onChange({ minPrice: low, maxPrice: high });
  };
  const applyLater = useDebouncedCallback(apply, 800);

  const common = {
    min: 0,
    step: 100,
    thousandSeparator: ' ',
    decimalScale: 0,
    hideControls: true,
    onBlur: () => apply(from, to),
    onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => {
      if (event.key === 'Enter') apply(from, to);
    },
  } as const;

  return (
    <Group gap="xs" grow wrap="nowrap">
      <NumberInput
        {...common}
        aria-label="Цена от"
        leftSection="от"
        leftSectionWidth={36}
        placeholder={range ? Math.floor(range.minPrice).toLocaleString('ru-RU') : undefined}
        value={from}
        onChange={(value) => {
          setFrom(value);
          applyLater(value, to);
        }}
      />
      <NumberInput
        {...common}
        aria-label="Цена до"
        leftSection="до"
        leftSectionWidth={36}
        placeholder={range ? Math.ceil(range.maxPrice).toLocaleString('ru-RU') : undefined}
        value={to}
        onChange={(value) => {
          setTo(value);
          applyLater(from, value);
        }}
      />
    </Group>
  );
}
