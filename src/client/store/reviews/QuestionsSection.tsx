import { Button, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import type { questionSortValues } from '../../../shared/schemas/reviews.js';
import { useAuth } from '../../accounts/AuthProvider';
import { trpc } from '../../trpc';
import { useDisplayFlags } from '../../ui/display-flags';
import { LazySelect } from '../../ui/LazySelect';
import { CommentList } from './CommentList';
import { PostCard } from './PostCard';
import { ReactionButtons } from './ReactionButtons';

// The form and its schema (zod) load only for a signed-in shopper, who can ask.
const AskQuestionForm = lazy(() => import('./AskQuestionForm'));

type QuestionSort = (typeof questionSortValues)[number];
const sortOptions: Array<{ value: QuestionSort; label: string }> = [
  { value: 'newest', label: 'Сначала новые' },
  { value: 'useful', label: 'Сначала полезные' },
  { value: 'answered', label: 'Сначала с ответом' },
  { value: 'unanswered', label: 'Сначала без ответа' },
];
const PAGE = 5;

/** Questions about the product, with the shop's answers highlighted, and a form to ask one. */
export function QuestionsSection({ productId }: { productId: number }) {
  const { user } = useAuth();
  const flags = useDisplayFlags();
  const [sort, setSort] = useState<QuestionSort>('newest');
  const [limit, setLimit] = useState(PAGE);
  const list = trpc.reviews.questions.list.useQuery({ productId, sort, limit }, { placeholderData: keepPreviousData });
  const react = trpc.reviews.questions.react.useMutation();
  const reactAnswer = trpc.reviews.questionComments.react.useMutation();
  const rows = list.data?.rows ?? [];
  const total = list.data?.length ?? 0;

  return (
    <Stack gap="md" component="section" aria-labelledby="questions-title">
      <Title order={2} size="h3" id="questions-title">
        Вопросы о товаре
      </Title>
      {user ? (
        <Suspense fallback={null}>
          <AskQuestionForm productId={productId} />
        </Suspense>
      ) : (
        <Button variant="light" onClick={() => flags.show('authForm')} style={{ alignSelf: 'flex-start' }}>
          Войдите, чтобы задать вопрос
        </Button>
      )}
      {total > 1 && (
        <LazySelect label="Сортировка вопросов" data={sortOptions} value={sort} onChange={(value) => value && setSort(value)} allowDeselect={false} maw={260} />
      )}
      {rows.map((question) => (
        <PostCard
          key={question.id}
          label={`Вопрос: ${question.author.name}`}
          author={question.author.name}
          createdAt={question.createdAt}
          text={question.text}
          moderation={{ status: question.moderationStatus, reason: question.moderationReason }}
          aside={
            <ReactionButtons
              likes={question.likes}
              dislikes={question.dislikes}
              myReaction={question.myReaction}
              label="вопрос"
              onReact={(reaction) => react.mutateAsync({ questionId: question.id, reaction })}
            />
          }
        >
          <CommentList comments={question.comments} onReact={(commentId, reaction) => reactAnswer.mutateAsync({ commentId, reaction })} />
        </PostCard>
      ))}
      {!list.isLoading && total === 0 && <Text c="dimmed">Вопросов пока нет.</Text>}
      {rows.length < total && (
        <Button variant="default" onClick={() => setLimit((current) => current + PAGE)} loading={list.isFetching} style={{ alignSelf: 'center' }}>
          Показать ещё
        </Button>
      )}
    </Stack>
  );
}
