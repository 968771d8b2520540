import { TOAST_DURATION_MS } from '../../ui/toast-duration';
import { loadToast } from '../../ui/toaster-state';
import { routes } from '../../routes';
import { orderToasts } from './messages';

/** Below Mantine's `sm` breakpoint (48em, 768 px): the screens where the basket drawer covers the page. */
export const phoneQuery = '(max-width: 47.99em)';

const toastId = 'basket-added';

/**
 * Says an item went into the basket (sonner directly, with its own check icon, not `ui/toast` nor
 * a Tabler icon: a lazy chunk importing those splits them out of the first load's shared chunk
 * into files of their own, which / and /catalog would then fetch). On a phone a short «Товар в корзине» with a link to the basket
 * (the full-height drawer would cover the page on every add); elsewhere the usual toast. Answers
 * whether it was a phone, so that the product page opens the drawer on a wider screen only.
 */
export function confirmAdded(productName: string, goToBasket: () => void): boolean {
  const phone = window.matchMedia(phoneQuery).matches;
  void loadToast().then((toast) => {
    if (!phone) {
      toast.success(orderToasts.addedToBasket, { duration: TOAST_DURATION_MS, description: productName });
      return;
    }
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
    toast.success(orderToasts.inBasket, { id: toastId, duration: TOAST_DURATION_MS, description: productName, action: link });
  });
  return phone;
}
