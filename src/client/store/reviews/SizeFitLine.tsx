import { Text } from '@mantine/core';
import type { SizeFitSummary } from '../../../shared/schemas/reviews-rich.js';

/** Whole percentages of the three answers (largest remainder, so they add up to 100). */
export function sizeFitPercents({ fits, small, large }: Pick<SizeFitSummary, 'fits' | 'small' | 'large'>): [number, number, number] {
  const counts = [fits, small, large];
  const total = fits + small + large;
  if (!total) return [0, 0, 0];
  const exact = counts.map((n) => (n * 100) / total);
  const whole = exact.map(Math.floor);
  const order = [0, 1, 2].sort((a, b) => exact[b]! - whole[b]! - (exact[a]! - whole[a]!));
  for (let left = 100 - whole.reduce((sum, n) => sum + n, 0), i = 0; left > 0; left -= 1, i += 1) whole[order[i % 3]!]! += 1;
  return [whole[0]!, whole[1]!, whole[2]!];
}

/** «Размер: соответствует 70% · маломерит 20% · большемерит 10%» — sized products with size fits in approved reviews only. */
export function SizeFitLine({ summary }: { summary: SizeFitSummary }) {
  if (!summary.sized || summary.fits + summary.small + summary.large === 0) return null;
  const [fits, small, large] = sizeFitPercents(summary);
  return (
    <Text size="sm" data-testid="size-fit-summary">
      <Text span fw={600}>
        Размер:
      </Text>{' '}
      соответствует {fits}% · маломерит {small}% · большемерит {large}%
    </Text>
  );
}
