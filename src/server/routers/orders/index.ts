export { addressesRouter } from './addresses.js';
export { basketsRouter } from './baskets.js';
export { checkoutsRouter } from './checkouts.js';
export { wishlistsRouter } from './wishlists.js';
