import '@mantine/carousel/styles.css';
import type { ProductCard as ProductCardData } from '../../../shared/schemas/catalogue.js';
import { ShopCarousel } from '../../ui/ShopCarousel';
import { ProductCard } from './ProductCard';

/** A row of product cards, swiped on a phone and scrolled by arrows (named after the row) on a desktop. */
export function CardCarousel({ title, rows }: { title: string; rows: readonly ProductCardData[] }) {
  return (
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
  );
}
