import { lazy, Suspense, useState } from 'react';
import { useDisplayFlags } from '../../ui/display-flags';

// The drawers load when first opened, not with the page.
const BasketDrawer = lazy(() => import('./BasketDrawer'));
const WishlistDrawer = lazy(() => import('./WishlistDrawer'));

/** The basket and wishlist panels (display flags basketPanel and wishlistPanel). */
export function OrderPanels() {
  const { flags, hide } = useDisplayFlags();
  const basketOpened = flags.basketPanel === 'flex';
  const wishlistOpened = flags.wishlistPanel === 'flex';
  // Once loaded a drawer stays mounted, so that it can animate closed.
  const [wanted, setWanted] = useState({ basket: basketOpened, wishlist: wishlistOpened });
  if ((basketOpened && !wanted.basket) || (wishlistOpened && !wanted.wishlist)) {
    setWanted({ basket: wanted.basket || basketOpened, wishlist: wanted.wishlist || wishlistOpened });
  }
  return (
    <Suspense fallback={null}>
      {wanted.basket && <BasketDrawer opened={basketOpened} onClose={() => hide('basketPanel')} />}
      {wanted.wishlist && <WishlistDrawer opened={wishlistOpened} onClose={() => hide('wishlistPanel')} />}
    </Suspense>
  );
}
