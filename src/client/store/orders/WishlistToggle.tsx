import { ActionIcon } from '@mantine/core';
import { IconHeart, IconHeartFilled } from '@tabler/icons-react';
import { toastSuccess } from '../../ui/toast';
import { orderToasts } from './messages';
import { useWishlist } from './use-wishlist';

/** The heart on a card or a product page: adds the product to the wishlist or takes it out. */
export function WishlistToggle({ productId, productName, size = 'lg' }: { productId: number; productName: string; size?: 'lg' | 'xl' }) {
  const wishlist = useWishlist();
  const active = wishlist.has(productId);
  return (
    <ActionIcon
      variant={size === 'xl' ? 'default' : 'white'}
      radius="xl"
      size={size}
      color={active ? 'red' : 'gray'}
      aria-pressed={active}
      aria-label={active ? `Убрать из избранного: ${productName}` : `В избранное: ${productName}`}
      onClick={() =>
        void wishlist
          .toggle(productId)
          .then((added) => toastSuccess(added ? orderToasts.addedToWishlist : orderToasts.removedFromWishlist, productName))
          .catch(() => undefined)
      }
    >
      {active ? <IconHeartFilled size={20} color="var(--mantine-color-red-6)" /> : <IconHeart size={20} />}
    </ActionIcon>
  );
}
