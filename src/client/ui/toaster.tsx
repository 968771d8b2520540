import { Toaster } from 'sonner';
import { useEffect } from 'react';
import { TOAST_DURATION_MS } from './toast-duration';
import { markToasterMounted } from './toaster-state';

/** The toast container; loaded with sonner on the first toast (not part of the first page load). */
export default function ShopToaster() {
  useEffect(markToasterMounted, []);
  // Russian names for screen readers: the region (Alt+T moves focus to it) and each close button.
  // On a phone toasts keep above the product page's buy bar (72 px at the bottom), never over it.
  return (
    <Toaster
      position="bottom-right"
      mobileOffset={{ bottom: 84 }}
      duration={TOAST_DURATION_MS}
      closeButton
      customAriaLabel="Уведомления (Alt+T)"
      toastOptions={{ closeButtonAriaLabel: 'Закрыть уведомление' }}
    />
  );
}
