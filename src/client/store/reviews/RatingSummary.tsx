import { Group, Progress, Rating, Stack, Text } from '@mantine/core';
import { formatRating, reviewsWord } from './format';

interface RatingSummaryProps {
  rating: number | null;
  count: number;
  /** Reviews with 1…5 stars. */
  distribution: number[];
}

/** The average, the count and a bar per star (five first). */
export function RatingSummary({ rating, count, distribution }: RatingSummaryProps) {
  return (
    <Group align="flex-start" gap="xl">
      <Stack gap={2} align="center">
        <Text fz={40} fw={700} lh={1}>
          {rating === null ? '—' : formatRating(rating)}
        </Text>
        <Rating value={rating ?? 0} fractions={10} readOnly role="img" aria-label={rating === null ? 'Нет оценок' : `Средняя оценка ${formatRating(rating)} из 5`} />
        <Text size="sm" c="dimmed">
          {count ? reviewsWord(count) : 'Пока нет отзывов'}
        </Text>
      </Stack>
      <Stack gap={4} style={{ flex: '1 1 200px', maxWidth: 360 }}>
        {[5, 4, 3, 2, 1].map((stars) => {
          const n = distribution[stars - 1] ?? 0;
          return (
            <Group key={stars} gap="xs" wrap="nowrap">
              <Text size="sm" w={12} ta="right">
                {stars}
              </Text>
              <Progress
                value={count ? (n / count) * 100 : 0}
                color="yellow.6"
                style={{ flex: 1 }}
                aria-label={`${stars} ${stars === 1 ? 'звезда' : stars < 5 ? 'звезды' : 'звёзд'}: ${reviewsWord(n)}`}
              />
              <Text size="sm" c="dimmed" w={28}>
                {n}
              </Text>
            </Group>
          );
        })}
      </Stack>
    </Group>
  );
}
