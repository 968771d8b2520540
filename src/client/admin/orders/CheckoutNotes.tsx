import { Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { checkoutNoteFormSchema } from '../../../shared/schemas/orders-staff.js';
import { trpc } from '../../trpc';
import { toastSuccess } from '../../ui/toast';
import { formatDateTime } from './format';

/** Internal notes on an order: seen by staff only, with author and time; a form adds one. */
export function CheckoutNotes({ checkoutId }: { checkoutId: number }) {
  const utils = trpc.useUtils();
  const notes = trpc.orders.checkouts.notes.useQuery({ checkoutId });
  const form = useForm({ mode: 'controlled', initialValues: { text: '' }, validate: schemaResolver(checkoutNoteFormSchema, { sync: true }) });
  const add = trpc.orders.checkouts.addNote.useMutation({
    onSuccess(saved) {
      utils.orders.checkouts.notes.setData({ checkoutId }, saved);
      void utils.orders.checkouts.events.invalidate({ checkoutId });
      form.reset();
      toastSuccess('Заметка добавлена');
    },
  });
  const rows = notes.data?.rows ?? [];
  return (
    <Stack gap="sm">
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          Заметок пока нет.
        </Text>
      ) : (
        rows.map((note) => (
          <Paper key={note.id} withBorder p="xs" radius="sm">
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {note.text}
            </Text>
            <Text size="xs" c="dimmed">
              {note.authorName ?? 'Сотрудник удалён'} · {formatDateTime(note.createdAt)}
            </Text>
          </Paper>
        ))
      )}
      <form onSubmit={form.onSubmit((values) => add.mutate({ checkoutId, text: values.text }))} noValidate aria-label="Новая заметка">
        <Stack gap="xs">
          <Textarea label="Новая заметка" description="Видят только сотрудники" autosize minRows={2} maxRows={6} {...form.getInputProps('text')} />
          <Group justify="flex-end">
            <Button type="submit" size="xs" loading={add.isPending}>
              Добавить заметку
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
