/** The keys under which the browser keeps its state, in local storage unless said otherwise. */
export const storageKeys = {
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
  basketId: 'basketId',
  wishlistId: 'wishlistId',
  /** The header search's last texts on this device, newest first (docs/search.md). */
  recentSearches: 'recentSearches',
  /** Session storage, one per order: `payToken:{orderId}`, a guest's token for paying again (docs/payments.md). */
  payTokenPrefix: 'payToken:',
} as const;
