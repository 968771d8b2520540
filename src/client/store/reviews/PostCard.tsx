import { Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { ModerationStatus } from '../../../shared/schemas/moderation.js';
import { formatDate } from './format';
import { ModerationMark } from './ModerationMark';

interface PostCardProps {
  /** The article's accessible name, e.g. «Отзыв: Анна». */
  label: string;
  author: string;
  createdAt: string;
  text: string;
  /** Beside the byline: a review's stars or a question's reactions. */
  aside: ReactNode;
  /** Under the text: photos, reactions, the thread of comments. */
  children: ReactNode;
  /** Its state with the moderators: the author sees an unpublished post marked. */
  moderation: { status: ModerationStatus; reason: string | null };
}

/** A shopper's review or question: author and date, the text (always as plain text), then the rest. */
export function PostCard({ label, author, createdAt, text, aside, children, moderation }: PostCardProps) {
  return (
    <Paper component="article" withBorder radius="md" p="md" aria-label={label}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Group gap="sm">
            <Text fw={600}>{author}</Text>
            <Text size="sm" c="dimmed">
              {formatDate(createdAt)}
            </Text>
          </Group>
          {aside}
        </Group>
        <ModerationMark status={moderation.status} reason={moderation.reason} />
        <Text style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{text}</Text>
        {children}
      </Stack>
    </Paper>
  );
}
