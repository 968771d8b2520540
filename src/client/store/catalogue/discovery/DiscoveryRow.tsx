import '@mantine/carousel/styles.css';
import { Stack, Title } from '@mantine/core';
import type { ProductCard as ProductCardData } from '../../../../shared/schemas/catalogue.js';
import { ShopCarousel } from '../../../ui/ShopCarousel';
import { ProductCard } from '../ProductCard';

/** One discovery row: a titled carousel of product cards; nothing at all while empty or loading. */
export function DiscoveryRow({ title, rows, name }: { title: string; rows: ProductCardData[] | undefined; name: string }) {
  if (!rows?.length) return null;
  const titleId = `discovery-${name}-title`;
  return (
    <Stack gap="md" component="section" aria-labelledby={titleId} data-discovery={name}>
      <Title order={2} size="h3" id={titleId}>
        {title}
      </Title>
      <ShopCarousel
        slideSize={{ base: '50%', sm: '33.333%', md: '25%' }}
        slideGap={{ base: 'xs', sm: 'md' }}
        emblaOptions={{ align: 'start', slidesToScroll: 1, containScroll: 'trimSnaps' }}
        previousControlProps={{ 'aria-label': `${title}: назад` }}
        nextControlProps={{ 'aria-label': `${title}: вперёд` }}
      >
        {rows.map((product) => (
          <ShopCarousel.Slide key={product.id}>
            <ProductCard product={product} />
          </ShopCarousel.Slide>
        ))}
      </ShopCarousel>
    </Stack>
  );
}
