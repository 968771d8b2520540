import { Stack, Title } from '@mantine/core';
import { IconHeart } from '@tabler/icons-react';
import { useTitle } from '../../ui/use-title';
import { ProductGrid, ProductGridSkeleton } from './ProductGrid';
import { productCount } from '../../ui/russian-plural';
import { EmptyState } from '../orders/EmptyState';
import { useWishlistProducts } from '../orders/use-wishlist-products';

/** /wishlist: the chosen products as catalogue cards, each with its heart and «В корзину». */
export default function WishlistPage() {
  useTitle('Избранное');
  const { products, loading, empty } = useWishlistProducts();
  return (
    <Stack>
      <Title order={1} size="h2">
        Избранное{products.length > 0 ? ` · ${productCount(products.length)}` : ''}
      </Title>
      {empty ? (
        <EmptyState icon={<IconHeart size={34} />} title="В избранном пока ничего нет" text="Отмечайте понравившиеся товары сердечком — они соберутся здесь." />
      ) : loading ? (
        <ProductGridSkeleton count={4} />
      ) : (
        <ProductGrid products={products} />
      )}
    </Stack>
  );
}
