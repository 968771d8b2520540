import '@mantine/carousel/styles.css';
import { ShopCarousel } from '../../ui/ShopCarousel';
import { Anchor, Group, Stack, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { routes } from '../../routes';
import { trpc } from '../../trpc';
import { ProductCard } from '../catalogue/ProductCard';
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
        <ShopCarousel
          slideSize={{ base: '50%', sm: '33.333%', md: '25%' }}
          slideGap={{ base: 'xs', sm: 'md' }}
          emblaOptions={{ align: 'start', slidesToScroll: 1, containScroll: 'trimSnaps' }}
          previousControlProps={{ 'aria-label': `${title}: назад` }}
          nextControlProps={{ 'aria-label': `${title}: вперёд` }}
        >
          {list.data.rows.map((product) => (
            <ShopCarousel.Slide key={product.id}>
              <ProductCard product={product} />
            </ShopCarousel.Slide>
          ))}
        </ShopCarousel>
      ) : (
        <ProductGridSkeleton count={4} cols={{ base: 2, sm: 4 }} />
      )}
    </Stack>
  );
}
