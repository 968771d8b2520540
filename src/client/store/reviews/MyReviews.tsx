import { Anchor, Group, Paper, Rating, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { routes } from '../../routes';
import { trpc } from '../../trpc';
import { ConfirmButton } from '../../ui/ConfirmButton';
import { toastSuccess } from '../../ui/toast';
import { formatDate, reviewsWord } from './format';
import { ModerationMark } from './ModerationMark';

/** /profile: the user's own reviews (up to 1000), each with its product. */
export default function MyReviews({ userId }: { userId: number }) {
  const utils = trpc.useUtils();
  const list = trpc.reviews.reviews.list.useQuery({ userId, merge: true, limit: 1000 });
  const remove = trpc.reviews.reviews.delete.useMutation({
    onSuccess: () => {
      toastSuccess('Отзыв удалён');
      void utils.reviews.reviews.invalidate();
    },
  });
  const rows = list.data?.rows ?? [];
  return (
    <Stack gap="sm" component="section" aria-labelledby="my-reviews-title">
      <Title order={3} id="my-reviews-title">
        Мои отзывы{rows.length ? ` (${reviewsWord(rows.length)})` : ''}
      </Title>
      {!list.isLoading && rows.length === 0 && <Text c="dimmed">Вы ещё не написали ни одного отзыва.</Text>}
      {rows.map((review) => (
        <Paper key={review.id} withBorder radius="md" p="sm">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Stack gap={4}>
              {review.product && (
                <Anchor component={Link} to={routes.product(review.product.url)} fw={600}>
                  {review.product.name}
                </Anchor>
              )}
              <Group gap="xs">
                <Rating value={review.rating} readOnly role="img" size="sm" aria-label={`Оценка ${review.rating} из 5`} />
                <Text size="xs" c="dimmed">
                  {formatDate(review.createdAt)}
                </Text>
              </Group>
              <ModerationMark status={review.moderationStatus} reason={review.moderationReason} />
              <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                {review.text}
              </Text>
            </Stack>
            <ConfirmButton size="xs" question="Удалить этот отзыв?" loading={remove.isPending} onConfirm={() => remove.mutate({ reviewId: review.id })}>
              Удалить
            </ConfirmButton>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
