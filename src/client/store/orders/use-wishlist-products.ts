import { trpc } from '../../trpc';
import { useWishlist } from './use-wishlist';

/** The wishlist's products as catalogue cards (GET /wishlists/wishlistProducts/{id}), in the order added. */
export function useWishlistProducts() {
  const { wishlistId, productIds } = useWishlist();
  const query = trpc.orders.wishlists.products.useQuery({ wishlistId: wishlistId ?? '' }, { enabled: wishlistId !== null && productIds.length > 0, meta: { silent: true } });
  // A product taken out disappears at once, before the list is fetched again.
  const products = (query.data ?? []).filter((product) => productIds.includes(product.id));
  return { products, loading: query.isLoading && productIds.length > 0, empty: productIds.length === 0 };
}
