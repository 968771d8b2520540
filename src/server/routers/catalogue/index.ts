import { router } from '../../trpc.js';
import { sizesRouter } from './sizes.js';
import { tagsRouter } from './tags.js';

export const catalogueRouter = router({
  tags: tagsRouter,
  sizes: sizesRouter,
});
