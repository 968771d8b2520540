import type { Generated } from 'kysely';
import type { CreatedAt, Defaulted, UpdatedAt } from './columns.js';

export type ReactionValue = 'Like' | 'Dislike';

/** Where a review or question stands with the moderators (migrations/0030_moderation_inbox.ts). */
export type ModerationStatus = 'pending' | 'approved' | 'rejected';

/** How a sized product's size fits, by a review: as expected, runs small, runs large. */
export type SizeFit = 'fits' | 'small' | 'large';

/** Moderation columns of reviews and questions; only approved ones are shown to others. */
interface ModerationColumns {
  moderationStatus: Defaulted<ModerationStatus>;
  /** Why it was rejected; the author sees it. */
  moderationReason: string | null;
  moderatedBy: number | null;
  moderatedAt: Date | null;
}

export interface ReviewsTable extends ModerationColumns {
  id: Generated<number>;
  productId: number;
  userId: number;
  /** 1–5; the product's rating and review count follow by trigger (migrations/0009_reviews.ts). */
  rating: number;
  text: string;
  /** Image names, at most 10, in the order shown. */
  images: Defaulted<string[]>;
  showOnMain: Defaulted<boolean>;
  /** Pros and cons, plain text up to 2000 characters (migrations/0037_review_pros_cons.ts). */
  pros: string | null;
  cons: string | null;
  /** How the size fits; only on products with sizes. */
  sizeFit: SizeFit | null;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

export interface QuestionsTable extends ModerationColumns {
  id: Generated<number>;
  productId: number;
  userId: number;
  text: string;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

/** A comment on a review, or an answer to a question; `isShop` marks the shop's own. */
interface CommentColumns {
  id: Generated<number>;
  userId: number;
  text: string;
  isShop: Defaulted<boolean>;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}
export interface ReviewCommentsTable extends CommentColumns {
  reviewId: number;
}
export interface QuestionCommentsTable extends CommentColumns {
  questionId: number;
}

interface ReactionColumns {
  id: Generated<number>;
  userId: number;
  reaction: ReactionValue;
  createdAt: CreatedAt;
}
export interface ReviewReactionsTable extends ReactionColumns {
  reviewId: number;
}
export interface QuestionReactionsTable extends ReactionColumns {
  questionId: number;
}
export interface CommentReactionsTable extends ReactionColumns {
  commentId: number;
}

/** Tables of the reviews domain (reviews, questions, their comments and reactions). */
export interface ReviewsTables {
  reviews: ReviewsTable;
  reviewComments: ReviewCommentsTable;
  questions: QuestionsTable;
  questionComments: QuestionCommentsTable;
  reviewReactions: ReviewReactionsTable;
  reviewCommentReactions: CommentReactionsTable;
  questionReactions: QuestionReactionsTable;
  questionCommentReactions: CommentReactionsTable;
}
