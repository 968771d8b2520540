import { Text } from '@mantine/core';
import type { ModerationItem } from '../../../shared/schemas/moderation.js';
import { sizeFitLabels } from '../../../shared/schemas/reviews-rich.js';

const textStyle = { whiteSpace: 'pre-line', overflowWrap: 'anywhere' } as const;

/** A review's size fit, pros and cons as the moderator checks them (nothing for questions or when not given). */
export function ModerationReviewDetails({ item }: { item: Pick<ModerationItem, 'pros' | 'cons' | 'sizeFit'> }) {
  return (
    <>
      {item.sizeFit && <Text size="sm">Размер: {sizeFitLabels[item.sizeFit].toLowerCase()}</Text>}
      {item.pros && (
        <Text size="sm" style={textStyle}>
          <Text span fw={600}>
            Достоинства:
          </Text>{' '}
          {item.pros}
        </Text>
      )}
      {item.cons && (
        <Text size="sm" style={textStyle}>
          <Text span fw={600}>
            Недостатки:
          </Text>{' '}
          {item.cons}
        </Text>
      )}
    </>
  );
}
