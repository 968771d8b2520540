import { router } from '../trpc.js';
import { accountsRouter } from './accounts/index.js';
import { auditRouter } from './audit/index.js';
import { catalogueRouter } from './catalogue/index.js';
import { contentRouter } from './content/index.js';
import { deliveryRouter } from './delivery/index.js';
import { mediaRouter } from './media/index.js';
import { addressesRouter, basketsRouter, checkoutsRouter, wishlistsRouter } from './orders/index.js';
import { reviewsDomainRouter } from './reviews/index.js';
import { settingsRouter } from './settings/index.js';
import { stockAlertsRouter } from './stock-alerts/index.js';
import { webhooksRouter } from './webhooks/index.js';
import { adminCountsRouter, moderationRouter } from './moderation/index.js';
import { inboxRouter } from './inbox/index.js';

/** The whole API: one router per domain. The client imports only its type. */
export const appRouter = router({
  accounts: accountsRouter,
  catalogue: catalogueRouter,
  media: mediaRouter,
  orders: router({
    baskets: basketsRouter,
    wishlists: wishlistsRouter,
    addresses: addressesRouter,
    checkouts: checkoutsRouter,
  }),
  reviews: reviewsDomainRouter,
  content: contentRouter,
  webhooks: webhooksRouter,
  stockAlerts: stockAlertsRouter,
  delivery: deliveryRouter,
  settings: settingsRouter,
  audit: auditRouter,
  moderation: moderationRouter,
  inbox: inboxRouter,
  adminCounts: adminCountsRouter,
});

export type AppRouter = typeof appRouter;
