import { AspectRatio, Card, SimpleGrid, Skeleton, Stack, type SimpleGridProps } from '@mantine/core';
import type { ProductCard as ProductCardData } from '../../../shared/schemas/catalogue.js';
import { ProductCard } from './ProductCard';

const gridColumns: SimpleGridProps['cols'] = { base: 2, md: 3, lg: 4 };

/** Two cards a row on a phone, up to four on a desktop. */
export function ProductGrid({ products, cols = gridColumns }: { products: ProductCardData[]; cols?: SimpleGridProps['cols'] }) {
  return (
    <SimpleGrid cols={cols} spacing={{ base: 'xs', sm: 'md' }} verticalSpacing={{ base: 'xs', sm: 'md' }}>
      {products.map((product) => (
        <ProductCard key={product.id} product={product} />
      ))}
    </SimpleGrid>
  );
}

/** Placeholders of the grid's shape while the first page loads. */
export function ProductGridSkeleton({ count, cols = gridColumns }: { count: number; cols?: SimpleGridProps['cols'] }) {
  return (
    <SimpleGrid cols={cols} spacing={{ base: 'xs', sm: 'md' }} role="status" aria-busy="true" aria-label="Загрузка товаров">
      {Array.from({ length: count }, (_, index) => (
        <Card key={index} withBorder radius="md" padding="sm">
          <Card.Section>
            <AspectRatio ratio={3 / 4}>
              <Skeleton />
            </AspectRatio>
          </Card.Section>
          <Stack gap={6} mt="sm">
            <Skeleton h={18} w="50%" />
            <Skeleton h={12} w="90%" />
            <Skeleton h={12} w="70%" />
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}
