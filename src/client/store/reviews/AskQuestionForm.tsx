import { Button, Stack, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { questionTextBounds, questionTextSchema } from '../../../shared/schemas/reviews.js';
import { trpc } from '../../trpc';
import { toastSuccess } from '../../ui/toast';

/**
 * The signed-in shopper's «Задать вопрос» form under the product's questions (QuestionsSection): a
 * lazy chunk, so a guest's product page does not load the question schema (zod).
 */
export default function AskQuestionForm({ productId }: { productId: number }) {
  const utils = trpc.useUtils();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const ask = trpc.reviews.questions.create.useMutation();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = questionTextSchema.safeParse(text);
    setError(checked.success ? undefined : checked.error.issues[0]?.message);
    if (!checked.success) return;
    ask.mutate(
      { productId, text },
      {
        onSuccess: (saved) => {
          setText('');
          toastSuccess('Вопрос получен', saved.moderationStatus === 'pending' ? 'Он появится после проверки модератором.' : 'Мы ответим на него в ближайшее время.');
          void utils.reviews.questions.invalidate();
        },
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="xs">
        <Textarea label="Ваш вопрос о товаре" autosize minRows={2} maxLength={questionTextBounds.max} value={text} onChange={(event) => setText(event.currentTarget.value)} error={error} />
        <Button type="submit" loading={ask.isPending} style={{ alignSelf: 'flex-start' }}>
          Задать вопрос
        </Button>
      </Stack>
    </form>
  );
}
