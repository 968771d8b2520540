import { storageKeys } from '../../../shared/storage-keys.js';

/**
 * A guest's payToken (answered once, with the order) is kept in session storage for that order:
 * the return page and «Оплатить» need it after the trip to the payment service, and it goes with
 * the tab. A browser that refuses storage simply cannot pay again from this page.
 */
export function rememberPayToken(orderId: number, payToken: string): void {
  try {
    sessionStorage.setItem(`${storageKeys.payTokenPrefix}${orderId}`, payToken);
  } catch {
    // Storage refused (private mode, quota): nothing to keep.
  }
}

export function payTokenOf(orderId: number): string | null {
  try {
    return sessionStorage.getItem(`${storageKeys.payTokenPrefix}${orderId}`);
  } catch {
    return null;
  }
}
