import { Anchor, Badge, Group, Rating, Select, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { moderationStatusLabels } from '../../../shared/schemas/moderation.js';
import { routes } from '../../routes';
import { trpc } from '../../trpc';
import { ConfirmButton } from '../../ui/ConfirmButton';
import { ListFooter } from '../../ui/ListFooter';
import { toastSuccess } from '../../ui/toast';
import { usePaging } from '../../ui/use-paging';
import { useTitle } from '../../ui/use-title';
import { flagFilter, formatDateTime, idFilter, useQueryFilter } from './filters';
import { AdminTable } from '../ui/AdminTable';

const PAGE_SIZE = 10;

/** /admin/reviews: every review with product, author, rating and date; filters, paging, delete, showOnMain. */
export function AdminReviewsPage() {
  useTitle('Отзывы');
  const paging = usePaging(PAGE_SIZE);
  const [product, setProduct] = useQueryFilter('productId');
  const [user, setUser] = useQueryFilter('userId');
  const [rating, setRating] = useQueryFilter('rating');
  const [main, setMain] = useQueryFilter('showOnMain');
  const utils = trpc.useUtils();
  const productId = idFilter(product);
  const userId = idFilter(user);
  const showOnMain = flagFilter(main);
  const list = trpc.reviews.reviews.list.useQuery(
    {
      merge: true,
      moderation: 'all',
      limit: paging.limit,
      offset: paging.offset,
      ...(productId ? { productId } : {}),
      ...(userId ? { userId } : {}),
      ...(rating ? { rating: Number(rating) } : {}),
      ...(showOnMain !== undefined ? { showOnMain } : {}),
    },
    { placeholderData: keepPreviousData },
  );
  const refresh = () => void utils.reviews.reviews.invalidate();
  const remove = trpc.reviews.reviews.delete.useMutation({
    onSuccess: () => {
      toastSuccess('Отзыв удалён');
      refresh();
    },
  });
  // The switch saves at once, so it says what it did.
  const feature = trpc.reviews.reviews.update.useMutation({
    onSuccess: (review) => {
      toastSuccess(review.showOnMain ? `Отзыв ${review.id} показан на главной` : `Отзыв ${review.id} убран с главной`);
      refresh();
    },
  });
  const rows = list.data?.rows ?? [];

  return (
    <Stack>
      <Title order={2}>Отзывы</Title>
      <Group gap="sm" align="flex-end">
        <TextInput label="ID товара" value={product} onChange={(event) => setProduct(event.currentTarget.value.trim())} w={120} inputMode="numeric" />
        <TextInput label="ID пользователя" value={user} onChange={(event) => setUser(event.currentTarget.value.trim())} w={140} inputMode="numeric" />
        <Select
          label="Оценка"
          data={[{ value: '', label: 'Любая' }, ...['5', '4', '3', '2', '1'].map((value) => ({ value, label: `${value} ★` }))]}
          value={rating}
          onChange={(value) => setRating(value)}
          w={120}
        />
        <Select
          label="На главной"
          data={[
            { value: '', label: 'Все' },
            { value: 'true', label: 'Да' },
            { value: 'false', label: 'Нет' },
          ]}
          value={main}
          onChange={(value) => setMain(value)}
          w={120}
        />
      </Group>
      <AdminTable
        rows={rows}
        rowKey={(review) => review.id}
        minWidth={820}
        tableProps={{ striped: true, highlightOnHover: true, verticalSpacing: 'xs' }}
        columns={[
          { label: 'ID', width: 60, render: (review) => review.id },
          {
            label: 'Товар',
            render: (review) =>
              review.product && (
                <Anchor component={Link} to={routes.product(review.product.url)} target="_blank">
                  {review.product.name}
                </Anchor>
              ),
          },
          {
            label: 'Пользователь',
            render: (review) => (
              <>
                {review.author.name} <Text span c="dimmed" size="xs">(ID {review.userId})</Text>
              </>
            ),
          },
          { label: 'Оценка', width: 110, render: (review) => <Rating value={review.rating} readOnly role="img" size="xs" aria-label={`Оценка ${review.rating} из 5`} /> },
          {
            label: 'Текст',
            render: (review) => (
              <Text size="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
                {review.text}
              </Text>
            ),
          },
          { label: 'Дата', width: 140, render: (review) => formatDateTime(review.createdAt) },
          {
            label: 'Модерация',
            width: 130,
            render: (review) => (
              <Badge variant="filled" autoContrast color={review.moderationStatus === 'approved' ? 'green.9' : review.moderationStatus === 'pending' ? 'yellow.4' : 'red.9'} title={review.moderationReason ?? undefined}>
                {moderationStatusLabels[review.moderationStatus]}
              </Badge>
            ),
          },
          {
            label: 'На главной',
            width: 110,
            render: (review) => (
              <Switch
                checked={review.showOnMain}
                aria-label={`Показывать отзыв ${review.id} на главной`}
                onChange={(event) => feature.mutate({ reviewId: review.id, showOnMain: event.currentTarget.checked })}
              />
            ),
          },
          {
            width: 100,
            render: (review) => (
              <ConfirmButton size="xs" aria-label={`Удалить отзыв ${review.id}`} question={`Удалить отзыв ${review.id}?`} onConfirm={() => remove.mutate({ reviewId: review.id })}>
                Удалить
              </ConfirmButton>
            ),
          },
        ]}
      />
      <ListFooter paging={paging} total={list.data?.length} loading={list.isLoading} shownRows={rows.length} emptyText="Отзывов не найдено" />
    </Stack>
  );
}
