import { router } from '../../trpc.js';
import { imagesRouter } from './images.js';

/** Images: the library (list, delete); upload and bytes are raw routes in rest/media.ts. */
export const mediaRouter = router({
  images: imagesRouter,
});
