import { Anchor, Group, Paper, Rating, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { routes } from '../../routes';
import { trpc } from '../../trpc';
import { ShopImage } from '../../ui/ShopImage';

/**
 * One review on the home page — the newest of those staff flagged showOnMain,
 * with its product. Hidden while no review is flagged (never a made-up quote).
 */
export function MainReview() {
  const reviews = trpc.reviews.reviews.list.useQuery({ showOnMain: true, merge: true, limit: 1, sort: 'newest' });
  const review = reviews.data?.rows[0];
  if (!review) return null;
  return (
    <Stack gap="md" component="section" aria-labelledby="main-review-title">
      <Title order={2} id="main-review-title">
        Отзыв покупателя
      </Title>
      <Paper withBorder radius="md" p="lg">
        <Group align="flex-start" wrap="nowrap" gap="lg">
          {review.product?.image && <ShopImage name={review.product.image} alt="" w={96} h={96} fit="contain" radius="sm" sizes="96px" />}
          <Stack gap="xs" style={{ minWidth: 0 }}>
            <Group gap="sm">
              <Text fw={600}>{review.author.name}</Text>
              <Rating value={review.rating} readOnly role="img" aria-label={`Оценка ${review.rating} из 5`} />
            </Group>
            <Text component="blockquote" m={0} style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }} lineClamp={6}>
              {review.text}
            </Text>
            {review.product && (
              <Anchor component={Link} to={routes.product(review.product.url)}>
                {review.product.name}
              </Anchor>
            )}
          </Stack>
        </Group>
      </Paper>
    </Stack>
  );
}
