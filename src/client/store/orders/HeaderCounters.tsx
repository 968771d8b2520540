import { ActionIcon, Indicator } from '@mantine/core';
import { IconHeart, IconShoppingBag } from '@tabler/icons-react';
import { useDisplayFlags } from '../../ui/display-flags';
import { productCount as goodsCount } from '../../ui/russian-plural';
import { useBasket } from './use-basket';
import { useWishlist } from './use-wishlist';

/** The header's wishlist and basket buttons with their counts; each opens its panel (display flags basketPanel and wishlistPanel). */
export function HeaderCounters() {
  const { flags, toggle } = useDisplayFlags();
  const { basket } = useBasket();
  const { productIds } = useWishlist();
  const inBasket = basket?.status === 'Active' ? basket.totalQuantity : 0;
  const inWishlist = productIds.length;
  return (
    <>
      <ActionIcon
        variant="subtle"
        size="lg"
        aria-label={inWishlist ? `Избранное, ${goodsCount(inWishlist)}` : 'Избранное'}
        aria-expanded={flags.wishlistPanel === 'flex'}
        onClick={() => toggle('wishlistPanel')}
      >
        <Indicator label={inWishlist} size={16} disabled={inWishlist === 0} color="red" data-testid="wishlist-count">
          <IconHeart size={22} />
        </Indicator>
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        size="lg"
        aria-label={inBasket ? `Корзина, ${goodsCount(inBasket)}` : 'Корзина'}
        aria-expanded={flags.basketPanel === 'flex'}
        onClick={() => toggle('basketPanel')}
      >
        <Indicator label={inBasket} size={16} disabled={inBasket === 0} data-testid="basket-count">
          <IconShoppingBag size={22} />
        </Indicator>
      </ActionIcon>
    </>
  );
}
