import { Stack, Text } from '@mantine/core';
import { sizeFitLabels } from '../../../shared/schemas/reviews-rich.js';
import type { Review } from '../../../shared/schemas/reviews.js';

const textStyle = { whiteSpace: 'pre-line', overflowWrap: 'anywhere' } as const;

function Part({ title, text }: { title: string; text: string }) {
  return (
    <div>
      <Text component="h3" size="sm" fw={600} m={0}>
        {title}
      </Text>
      <Text size="sm" style={textStyle}>
        {text}
      </Text>
    </div>
  );
}

/** A review's pros and cons under their headings, and how the size fits (always plain text). */
export function ReviewDetails({ review }: { review: Pick<Review, 'pros' | 'cons' | 'sizeFit'> }) {
  if (!review.pros && !review.cons && !review.sizeFit) return null;
  return (
    <Stack gap={6}>
      {review.sizeFit && (
        <Text size="sm">
          <Text span fw={600}>
            Размер:
          </Text>{' '}
          {sizeFitLabels[review.sizeFit].toLowerCase()}
        </Text>
      )}
      {review.pros && <Part title="Достоинства" text={review.pros} />}
      {review.cons && <Part title="Недостатки" text={review.cons} />}
    </Stack>
  );
}
