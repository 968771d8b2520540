import { IconCircleCheck } from '@tabler/icons-react';
import { TOAST_DURATION_MS, toastSuccess } from '../../ui/toast';
import { loadToast } from '../../ui/toaster-state';
import { routes } from '../../routes';
import { orderToasts } from './messages';

/** Below Mantine's `sm` breakpoint (48em, 768 px): the screens where the basket drawer covers the page. */
export const phoneQuery = '(max-width: 47.99em)';

const toastId = 'basket-added';

/**
 * Says an item went into the basket. On a phone a short «Товар в корзине» with a link to the basket
 * (the full-height drawer would cover the page on every add); elsewhere the usual toast. Answers
 * whether it was a phone, so that the product page opens the drawer on a wider screen only.
 */
export function confirmAdded(productName: string, goToBasket: () => void): boolean {
  if (!window.matchMedia(phoneQuery).matches) {
    toastSuccess(orderToasts.addedToBasket, productName);
    return false;
  }
  void loadToast().then((toast) => {
    const link = (
      <a
        data-button
        href={routes.cart}
        onClick={(event) => {
          event.preventDefault();
          toast.dismiss(toastId);
          goToBasket();
        }}
      >
        Перейти в корзину
      </a>
    );
    // One id: adding again replaces the confirmation rather than stacking another.
    toast.success(orderToasts.inBasket, { id: toastId, duration: TOAST_DURATION_MS, icon: <IconCircleCheck size={20} color="var(--mantine-color-green-8)" />, description: productName, action: link });
  });
  return true;
}
