import { Badge, Text } from '@mantine/core';
import type { ModerationStatus } from '../../../shared/schemas/moderation.js';

/**
 * The author's own review or question that others do not see (docs/moderation.md): «На модерации»
 * while it waits, «Отклонён: <причина>» once rejected; nothing when published.
 */
export function ModerationMark({ status, reason }: { status: ModerationStatus; reason: string | null }) {
  if (status === 'approved') return null;
  if (status === 'pending') {
    return (
      <Badge color="yellow.4" variant="filled" autoContrast w="fit-content">
        На модерации
      </Badge>
    );
  }
  return (
    <Text size="sm" c="red.9" role="status">
      Отклонён{reason ? `: ${reason}` : ''}
    </Text>
  );
}
