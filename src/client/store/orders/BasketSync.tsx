import { useEffect, useRef } from 'react';
import { useAuth } from '../../accounts/AuthProvider';
import { trpc } from '../../trpc';
import { toastError } from '../../ui/toast';
import { useBasket } from './use-basket';
import { useWishlist } from './use-wishlist';

/**
 * Mounted once in the store layout. A basket that fails to load loses its stored
 * id and the error is shown; a wishlist that fails loses its id silently. After sign-in the
 * browser's basket becomes the user's (merged with the user's own on the server); after sign-out
 * the browser forgets it.
 */
export function BasketSync() {
  const { user } = useAuth();
  const basket = useBasket();
  const wishlist = useWishlist();
  const claim = trpc.orders.baskets.claim.useMutation({ meta: { silent: true } });
  const claimedFor = useRef<number | null>(null);

  const { failure: basketFailure, forget: forgetBasket } = basket;
  useEffect(() => {
    if (!basketFailure) return;
    forgetBasket();
    toastError(basketFailure);
  }, [basketFailure, forgetBasket]);

  const { failure: wishlistFailure, forget: forgetWishlist } = wishlist;
  useEffect(() => {
    if (wishlistFailure) forgetWishlist();
  }, [wishlistFailure, forgetWishlist]);

  const userId = user?.id ?? null;
  const { basketId, adopt } = basket;
  const { mutate } = claim;
  useEffect(() => {
    if (userId === null) {
      // Signed out: the user's basket is no longer this browser's to read (403); start afresh.
      if (claimedFor.current !== null) forgetBasket();
      claimedFor.current = null;
      return;
    }
    if (claimedFor.current === userId) return;
    claimedFor.current = userId;
    mutate(basketId ? { basketId } : {}, { onSuccess: (claimed) => claimed && adopt(claimed) });
  }, [userId, basketId, mutate, adopt, forgetBasket]);

  return null;
}
