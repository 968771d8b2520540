import { useCallback, useMemo } from 'react';
import { storageKeys } from '../../../shared/storage-keys.js';
import { trpc } from '../../trpc';
import { useStoredRecord } from './stored-record';

/**
 * The wishlist: like the basket, by the stored id; a failed fetch removes the id
 * silently. A heart toggles a product at once; a refusal puts it back.
 */
export function useWishlist() {
  const utils = trpc.useUtils();
  const stored = useStoredRecord({
    storageKey: storageKeys.wishlistId,
    scope: 'wishlist',
    cache: utils.orders.wishlists.get,
    keyOf: (input: { wishlistId: string; products: unknown[] }) => ({ wishlistId: input.wishlistId }),
    keyOfSaved: (saved) => ({ wishlistId: saved.id }),
    apply: (previous, input) => ({ ...previous, products: input.products.filter((id): id is number => typeof id === 'number') }),
    afterSave: (saved) => void utils.orders.wishlists.products.invalidate({ wishlistId: saved.id }),
  });
  const { id: wishlistId, setId: setWishlistId } = stored;
  const query = trpc.orders.wishlists.get.useQuery({ wishlistId: wishlistId ?? '' }, { enabled: wishlistId !== null, retry: false, meta: { silent: true } });
  const wishlist = query.data && query.data.id === wishlistId ? query.data : undefined;
  const productIds = useMemo(() => wishlist?.products ?? [], [wishlist]);

  const create = trpc.orders.wishlists.create.useMutation(stored.create);
  const update = trpc.orders.wishlists.update.useMutation(stored.update);

  const has = useCallback((productId: number) => productIds.includes(productId), [productIds]);

  /** Adds the product, or removes it when it is there already; answers whether it is there now. */
  const toggle = useCallback(
    async (productId: number): Promise<boolean> => {
      const adding = !productIds.includes(productId);
      const products = adding ? [...productIds, productId] : productIds.filter((id) => id !== productId);
      if (!wishlist) await create.mutateAsync({ products });
      else await update.mutateAsync({ wishlistId: wishlist.id, products });
      return adding;
    },
    [productIds, wishlist, create, update],
  );

  const forget = useCallback(() => setWishlistId(null), [setWishlistId]);
  return { wishlistId, productIds, failure: query.error, forget, has, toggle, pending: create.isPending || update.isPending };
}
