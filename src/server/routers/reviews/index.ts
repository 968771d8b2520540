import { router } from '../../trpc.js';
import { questionCommentsRouter, reviewCommentsRouter } from './comments.js';
import { questionsRouter } from './questions.js';
import { reviewsRouter } from './reviews.js';

/** What shoppers say about products and what the shop answers. */
export const reviewsDomainRouter = router({
  reviews: reviewsRouter,
  comments: reviewCommentsRouter,
  questions: questionsRouter,
  questionComments: questionCommentsRouter,
});
