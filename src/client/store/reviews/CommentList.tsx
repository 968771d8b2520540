import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { Comment, ReactionResult, ReactionValue } from '../../../shared/schemas/reviews.js';
import { formatDate } from './format';
import { ReactionButtons } from './ReactionButtons';

interface CommentListProps {
  comments: Comment[];
  onReact: (commentId: number, value: ReactionValue) => Promise<ReactionResult>;
}

/** Comments or answers; the shop's come first (the server orders them) and are highlighted. */
export function CommentList({ comments, onReact }: CommentListProps) {
  if (!comments.length) return null;
  return (
    <Stack gap="xs" pl={{ base: 'sm', sm: 'lg' }}>
      {comments.map((comment) => (
        <Paper
          key={comment.id}
          p="sm"
          radius="md"
          withBorder
          bg={comment.isShop ? 'blue.0' : undefined}
          data-shop-answer={comment.isShop || undefined}
        >
          <Group justify="space-between" gap="xs" mb={4}>
            <Group gap="xs">
              {comment.isShop ? (
                <Badge color="blue" variant="filled">
                  Ответ магазина
                </Badge>
              ) : (
                <Text fw={600} size="sm">
                  {comment.author.name}
                </Text>
              )}
              <Text size="xs" c="dimmed">
                {formatDate(comment.createdAt)}
              </Text>
            </Group>
            <ReactionButtons
              likes={comment.likes}
              dislikes={comment.dislikes}
              myReaction={comment.myReaction}
              label="комментарий"
              onReact={(value) => onReact(comment.id, value)}
            />
          </Group>
          <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {comment.text}
          </Text>
        </Paper>
      ))}
    </Stack>
  );
}
