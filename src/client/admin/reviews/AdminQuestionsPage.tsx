import { Anchor, Badge, Button, Group, Paper, Select, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { commentTextSchema, type Question } from '../../../shared/schemas/reviews.js';
import { moderationStatusLabels } from '../../../shared/schemas/moderation.js';
import { routes } from '../../routes';
import { trpc } from '../../trpc';
import { ConfirmButton } from '../../ui/ConfirmButton';
import { ListFooter } from '../../ui/ListFooter';
import { toastSuccess } from '../../ui/toast';
import { usePaging } from '../../ui/use-paging';
import { useTitle } from '../../ui/use-title';
import { flagFilter, formatDateTime, idFilter, useQueryFilter } from './filters';

const PAGE_SIZE = 10;

/** Answering as the shop, right under the question. */
function ShopAnswerForm({ questionId, onAnswered }: { questionId: number; onAnswered: () => void }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const answer = trpc.reviews.questionComments.create.useMutation({
    onSuccess: () => {
      setText('');
      toastSuccess('Ответ опубликован');
      onAnswered();
    },
  });
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const checked = commentTextSchema.safeParse(text);
        setError(checked.success ? undefined : checked.error.issues[0]?.message);
        if (checked.success) answer.mutate({ questionId, text, asShop: true });
      }}
    >
      <Group align="flex-end" gap="xs">
        <Textarea label={`Ответ магазина на вопрос ${questionId}`} autosize minRows={1} value={text} onChange={(event) => setText(event.currentTarget.value)} error={error} style={{ flex: 1 }} />
        <Button type="submit" loading={answer.isPending}>
          Ответить
        </Button>
      </Group>
    </form>
  );
}

function QuestionRow({ question, onChanged }: { question: Question; onChanged: () => void }) {
  const remove = trpc.reviews.questions.delete.useMutation({ onSuccess: onChanged });
  const removeAnswer = trpc.reviews.questionComments.delete.useMutation({
    onSuccess: () => {
      toastSuccess('Комментарий удалён');
      onChanged();
    },
  });
  return (
    <Paper withBorder radius="md" p="sm" component="article" aria-label={`Вопрос ${question.id}`}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={2}>
            <Group gap="xs">
              <Text size="sm" c="dimmed">
                №{question.id} · {formatDateTime(question.createdAt)} · {question.author.name} (ID {question.userId})
              </Text>
              {question.moderationStatus !== 'approved' && (
                <Badge variant="filled" autoContrast color={question.moderationStatus === 'pending' ? 'yellow.4' : 'red.9'}>
                  {moderationStatusLabels[question.moderationStatus]}
                </Badge>
              )}
              {question.product && (
                <Anchor component={Link} to={routes.product(question.product.url)} size="sm" target="_blank">
                  {question.product.name}
                </Anchor>
              )}
            </Group>
            <Text style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{question.text}</Text>
          </Stack>
          <ConfirmButton
            size="xs"
            aria-label={`Удалить вопрос ${question.id}`}
            question={`Удалить вопрос ${question.id} вместе с ответами?`}
            onConfirm={() => remove.mutate({ questionId: question.id }, { onSuccess: () => toastSuccess('Вопрос удалён') })}
          >
            Удалить
          </ConfirmButton>
        </Group>
        {question.comments.map((comment) => (
          <Group key={comment.id} justify="space-between" wrap="nowrap" pl="md" align="flex-start">
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {comment.isShop ? <Badge mr="xs">Магазин</Badge> : <Text span fw={600} mr="xs">{comment.author.name}:</Text>}
              {comment.text}
            </Text>
            <ConfirmButton size="compact-xs" variant="subtle" aria-label={`Удалить ответ ${comment.id}`} question="Удалить этот ответ?" onConfirm={() => removeAnswer.mutate({ commentId: comment.id })}>
              Удалить
            </ConfirmButton>
          </Group>
        ))}
        <ShopAnswerForm questionId={question.id} onAnswered={onChanged} />
      </Stack>
    </Paper>
  );
}

/** /admin/questions: questions with product, author and date; filters, paging, delete, inline shop answer. */
export function AdminQuestionsPage() {
  useTitle('Вопросы');
  const paging = usePaging(PAGE_SIZE);
  const [product, setProduct] = useQueryFilter('productId');
  const [answered, setAnswered] = useQueryFilter('answered');
  const utils = trpc.useUtils();
  const productId = idFilter(product);
  const answeredFlag = flagFilter(answered);
  const list = trpc.reviews.questions.list.useQuery(
    {
      merge: true,
      moderation: 'all',
      sort: 'unanswered',
      limit: paging.limit,
      offset: paging.offset,
      ...(productId ? { productId } : {}),
      ...(answeredFlag !== undefined ? { answered: answeredFlag } : {}),
    },
    { placeholderData: keepPreviousData },
  );
  const rows = list.data?.rows ?? [];
  return (
    <Stack>
      <Title order={2}>Вопросы</Title>
      <Group gap="sm" align="flex-end">
        <TextInput label="ID товара" value={product} onChange={(event) => setProduct(event.currentTarget.value.trim())} w={120} inputMode="numeric" />
        <Select
          label="Ответ"
          data={[
            { value: '', label: 'Все' },
            { value: 'false', label: 'Без ответа' },
            { value: 'true', label: 'С ответом' },
          ]}
          value={answered}
          onChange={(value) => setAnswered(value)}
          w={150}
        />
      </Group>
      {rows.map((question) => (
        <QuestionRow key={question.id} question={question} onChanged={() => void utils.reviews.questions.invalidate()} />
      ))}
      <ListFooter paging={paging} total={list.data?.length} loading={list.isLoading} shownRows={rows.length} emptyText="Вопросов не найдено" />
    </Stack>
  );
}
