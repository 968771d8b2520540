import { Anchor, Group, Stack, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { routes } from '../../routes';
import { trpc } from '../../trpc';
import { CardCarousel } from '../catalogue/CardCarousel';
import { ProductGridSkeleton } from '../catalogue/ProductGrid';

/** A row of products carrying one tag, swiped on a phone and scrolled by arrows on a desktop. */
export function ProductCarousel({ title, tag }: { title: string; tag: string }) {
  const list = trpc.catalogue.products.list.useQuery({ tags: [tag], available: true, sortBy: 'createdAt', orderBy: 'desc', limit: 12 });
  if (list.data?.rows.length === 0) return null;
  return (
    <Stack gap="md" component="section" aria-label={title} data-carousel={tag}>
      <Group justify="space-between" align="baseline">
        <Title order={2}>{title}</Title>
        <Anchor component={Link} to={`${routes.catalog}?tags=${encodeURIComponent(tag)}`}>
          Смотреть все
        </Anchor>
      </Group>
      {list.data ? (
        <CardCarousel title={title} rows={list.data.rows} />
      ) : (
        <ProductGridSkeleton count={4} cols={{ base: 2, sm: 4 }} />
      )}
    </Stack>
  );
}
