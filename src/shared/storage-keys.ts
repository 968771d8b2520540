/** The keys under which the browser keeps its state, all in local storage. */
export const storageKeys = {
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
  basketId: 'basketId',
  wishlistId: 'wishlistId',
} as const;
