import { Group, Rating, UnstyledButton } from '@mantine/core';
import type { ReactionResult, ReactionValue, Review } from '../../../shared/schemas/reviews.js';
import { ShopImage } from '../../ui/ShopImage';
import { CommentList } from './CommentList';
import { PostCard } from './PostCard';
import { ReactionButtons } from './ReactionButtons';
import { ReviewDetails } from './ReviewDetails';

interface ReviewCardProps {
  review: Review;
  onOpenPhoto: (images: string[], start: number) => void;
  onReact: (value: ReactionValue) => Promise<ReactionResult>;
  onReactComment: (commentId: number, value: ReactionValue) => Promise<ReactionResult>;
}

/** One review: stars, author, date, text (always as text), pros, cons and size fit, photos, reactions and comments. */
export function ReviewCard({ review, onOpenPhoto, onReact, onReactComment }: ReviewCardProps) {
  return (
    <PostCard
      label={`Отзыв: ${review.author.name}`}
      author={review.author.name}
      createdAt={review.createdAt}
      text={review.text}
      moderation={{ status: review.moderationStatus, reason: review.moderationReason }}
      aside={<Rating value={review.rating} readOnly role="img" aria-label={`Оценка ${review.rating} из 5`} />}
    >
      <ReviewDetails review={review} />
      {review.images.length > 0 && (
        <Group gap="xs">
          {review.images.map((name, index) => (
            <UnstyledButton key={name} onClick={() => onOpenPhoto(review.images, index)} aria-label={`Открыть фото ${index + 1} из ${review.images.length}`}>
              <ShopImage name={name} alt="" w={72} h={72} fit="cover" radius="sm" sizes="72px" />
            </UnstyledButton>
          ))}
        </Group>
      )}
      <ReactionButtons likes={review.likes} dislikes={review.dislikes} myReaction={review.myReaction} label="отзыв" onReact={onReact} />
      <CommentList comments={review.comments} onReact={onReactComment} />
    </PostCard>
  );
}
