import { router } from '../../trpc.js';
import { advertisementsRouter } from './advertisements.js';
import { legalRouter } from './legal.js';
import { newsRouter } from './news.js';
import { scannerRouter } from './scanner.js';
import { slidesRouter } from './slides.js';
import { subscribersRouter } from './subscribers.js';

export const contentRouter = router({
  slides: slidesRouter,
  advertisements: advertisementsRouter,
  news: newsRouter,
  subscribers: subscribersRouter,
  scanner: scannerRouter,
  legal: legalRouter,
});
