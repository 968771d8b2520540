import { router } from '../trpc.js';
import { authRouter } from './auth/index.js';
import { catalogueRouter } from './catalogue/index.js';
import { mediaRouter } from './media/index.js';

/** The whole API: one router per domain. The client imports only its type. */
export const appRouter = router({
  auth: authRouter,
  catalogue: catalogueRouter,
  media: mediaRouter,
});

export type AppRouter = typeof appRouter;
