import { Group, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useState, type KeyboardEvent } from 'react';

interface PriceFilterProps {
  /** 0 = no bound. */
  minPrice: number;
  maxPrice: number;
  /** The prices the other filters leave, shown as hints. */
  range: { minPrice: number; maxPrice: number } | undefined;
  onChange: (range: { minPrice: number; maxPrice: number }) => void;
}

const toBound = (value: string): number => {
  const rubles = Number.parseInt(value, 10);
  return Number.isFinite(rubles) && rubles > 0 ? rubles : 0;
};

/** Whole rubles only: what is not a digit is not taken (a plain input keeps react-number-format out of the first load). */
const digitsOf = (typed: string): string => typed.replace(/\D/g, '').slice(0, 9);
const shownBound = (bound: number): string => (bound ? String(bound) : '');

/** «от» and «до» in rubles; applied a moment after typing stops, or at once on Enter or leaving the field. */
export function PriceFilter({ minPrice, maxPrice, range, onChange }: PriceFilterProps) {
  const [from, setFrom] = useState(shownBound(minPrice));
  const [to, setTo] = useState(shownBound(maxPrice));

  // The query string is the source of truth: follow it when it changes elsewhere (reset, back button).
  const [shown, setShown] = useState({ minPrice, maxPrice });
  if (shown.minPrice !== minPrice || shown.maxPrice !== maxPrice) {
    setShown({ minPrice, maxPrice });
    setFrom(shownBound(minPrice));
    setTo(shownBound(maxPrice));
  }

  const apply = (nextFrom: string, nextTo: string) => {
    let low = toBound(nextFrom);
    let high = toBound(nextTo);
    if (low && high && low > high) [low, high] = [high, low];
    if (low !== minPrice || high !== maxPrice) onChange({ minPrice: low, maxPrice: high });
  };
  const applyLater = useDebouncedCallback(apply, 800);

  const common = {
    inputMode: 'numeric',
    autoComplete: 'off',
    onBlur: () => apply(from, to),
    onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => {
      if (event.key === 'Enter') apply(from, to);
    },
  } as const;

  const boundInput = (label: string, prefix: string, hint: number | undefined, value: string, onValue: (value: string) => void) => (
    <TextInput
      {...common}
      aria-label={label}
      leftSection={prefix}
      leftSectionWidth={36}
      placeholder={hint?.toLocaleString('ru-RU')}
      value={value}
      onChange={(event) => onValue(digitsOf(event.currentTarget.value))}
    />
  );

  return (
    <Group gap="xs" grow wrap="nowrap">
      {boundInput('Цена от', 'от', range ? Math.floor(range.minPrice) : undefined, from, (value) => {
        setFrom(value);
        applyLater(value, to);
      })}
      {boundInput('Цена до', 'до', range ? Math.ceil(range.maxPrice) : undefined, to, (value) => {
        setTo(value);
        applyLater(from, value);
      })}
    </Group>
  );
}
