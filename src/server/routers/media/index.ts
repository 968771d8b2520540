import { router } from '../../trpc.js';

/** Images: upload, list, serve, delete (filled in by the media domain). */
export const mediaRouter = router({});
