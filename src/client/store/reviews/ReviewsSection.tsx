import { Button, Checkbox, Group, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import type { ReactionValue, Review, reviewSortValues } from '../../../shared/schemas/reviews.js';
import { useAuth } from '../../accounts/AuthProvider';
import { trpc } from '../../trpc';
import { useDisplayFlags } from '../../ui/display-flags';
import { LazySelect } from '../../ui/LazySelect';
import { RatingSummary } from './RatingSummary';
import { ReviewCard } from './ReviewCard';
import { ReviewPhotoStrip } from './ReviewPhotoStrip';
import { SizeFitLine } from './SizeFitLine';

const PhotoViewer = lazy(() => import('../../ui/PhotoViewer'));
const ReviewForm = lazy(() => import('./ReviewForm'));

type ReviewSort = (typeof reviewSortValues)[number];
const sortOptions: Array<{ value: ReviewSort; label: string }> = [
  { value: 'newest', label: 'Сначала новые' },
  { value: 'useful', label: 'Сначала полезные' },
  { value: 'ratingDesc', label: 'С высокой оценкой' },
  { value: 'ratingAsc', label: 'С низкой оценкой' },
];
const PAGE = 5;

/** The product page's reviews: summary, sort, the list with «Показать ещё», and writing one. */
export function ReviewsSection({ productId, productName }: { productId: number; productName: string }) {
  const { user } = useAuth();
  const flags = useDisplayFlags();
  const [sort, setSort] = useState<ReviewSort>('newest');
  const [limit, setLimit] = useState(PAGE);
  const [withPhotos, setWithPhotos] = useState(false);
  const [editing, setEditing] = useState<Review | 'new' | null>(null);
  const [viewer, setViewer] = useState<{ images: string[]; start: number } | null>(null);
  const summary = trpc.reviews.reviews.summary.useQuery({ productId });
  const list = trpc.reviews.reviews.list.useQuery({ productId, sort, limit, ...(withPhotos ? { withPhotos } : {}) }, { placeholderData: keepPreviousData });
  const react = trpc.reviews.reviews.react.useMutation();
  const reactComment = trpc.reviews.comments.react.useMutation();
  const rows = list.data?.rows ?? [];
  const total = list.data?.length ?? 0;

  const write = () => {
    if (!user) flags.show('authForm');
    else setEditing('new');
  };

  return (
    <Stack gap="md" component="section" aria-labelledby="reviews-title">
      <Group justify="space-between">
        <Title order={2} size="h3" id="reviews-title">
          Отзывы
        </Title>
        <Button variant="light" onClick={write}>
          Написать отзыв
        </Button>
      </Group>
      {summary.data && <RatingSummary {...summary.data} />}
      {summary.data && <SizeFitLine summary={summary.data.sizeFit} />}
      <ReviewPhotoStrip productId={productId} onOpen={(images, start) => setViewer({ images, start })} />
      <Group align="flex-end" gap="md">
        {(total > 1 || withPhotos) && (
          <LazySelect
            label="Сортировка отзывов"
            data={sortOptions}
            value={sort}
            onChange={(value) => value && setSort(value)}
            allowDeselect={false}
            maw={260}
          />
        )}
        {(total > 0 || withPhotos) && (
          <Checkbox
            label="Только с фото"
            checked={withPhotos}
            onChange={(event) => {
              setWithPhotos(event.currentTarget.checked);
              setLimit(PAGE);
            }}
            mb={8}
          />
        )}
      </Group>
      {rows.map((review) => (
        <ReviewCard
          key={review.id}
          review={review}
          onOpenPhoto={(images, start) => setViewer({ images, start })}
          onReact={(reaction: ReactionValue) => react.mutateAsync({ reviewId: review.id, reaction })}
          onReactComment={(commentId, reaction) => reactComment.mutateAsync({ commentId, reaction })}
        />
      ))}
      {!list.isLoading && total === 0 && <Text c="dimmed">{withPhotos ? 'Отзывов с фотографиями пока нет.' : 'Станьте первым, кто оставит отзыв об этом товаре.'}</Text>}
      {rows.length < total && (
        <Button variant="default" onClick={() => setLimit((current) => current + PAGE)} loading={list.isFetching} style={{ alignSelf: 'center' }}>
          Показать ещё
        </Button>
      )}
      {viewer && (
        <Suspense fallback={null}>
          <PhotoViewer images={viewer.images} alt={`Фото покупателя: ${productName}`} start={viewer.start} onClose={() => setViewer(null)} />
        </Suspense>
      )}
      {editing && (
        <Suspense fallback={null}>
          <ReviewForm productId={productId} productName={productName} sized={summary.data?.sizeFit.sized ?? false} existing={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
        </Suspense>
      )}
    </Stack>
  );
}
