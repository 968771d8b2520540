import { Anchor, Badge, Button, Group, Paper, Select, Stack, Text, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { inboxFormSchema, inboxKindLabels, inboxStatuses, inboxStatusLabels, type InboxItem, type InboxStatus } from '../../../shared/schemas/moderation.js';
import { trpc } from '../../trpc';
import { toastSuccess } from '../../ui/toast';
import { formatDateTime } from '../reviews/filters';

const statusColors: Record<InboxStatus, string> = { new: 'red.9', inProgress: 'yellow.4', done: 'green.9' };
const isStatus = (value: string | null): value is InboxStatus => (inboxStatuses as readonly (string | null)[]).includes(value);

/** One callback request or help-desk message: who, how to reach them, what they wrote; its state and notes, saved together. */
export function InboxCard({ item, onSaved }: { item: InboxItem; onSaved: () => void }) {
  const name = `${inboxKindLabels[item.kind]} ${item.id}`;
  const form = useForm({ mode: 'controlled', initialValues: { status: item.status, note: item.note }, validate: schemaResolver(inboxFormSchema, { sync: true }) });
  const update = trpc.inbox.update.useMutation({
    onSuccess: (saved) => {
      form.resetDirty({ status: saved.status, note: saved.note });
      toastSuccess(`Обращение сохранено: ${inboxStatusLabels[saved.status]}`);
      onSaved();
    },
  });
  return (
    <Paper withBorder radius="md" p="sm" component="article" aria-label={name}>
      <form noValidate onSubmit={form.onSubmit((values) => update.mutate({ kind: item.kind, id: item.id, ...values }))}>
        <Stack gap="xs">
          <Group gap="xs">
            <Badge variant="light" color="gray">
              {inboxKindLabels[item.kind]}
            </Badge>
            <Badge variant="filled" autoContrast color={statusColors[item.status]}>
              {inboxStatusLabels[item.status]}
            </Badge>
            <Text size="sm" c="dimmed">
              №{item.id} · {formatDateTime(item.createdAt)}
            </Text>
          </Group>
          <Group gap="sm">
            <Text fw={600}>{item.name || 'Без имени'}</Text>
            {item.phone && <Anchor href={`tel:${item.phone}`}>{item.phone}</Anchor>}
            {item.email && <Anchor href={`mailto:${item.email}`}>{item.email}</Anchor>}
            {item.userId !== null && (
              <Text size="sm" c="dimmed">
                (пользователь ID {item.userId})
              </Text>
            )}
          </Group>
          {item.text && <Text style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{item.text}</Text>}
          <Group align="flex-end" gap="sm">
            <Select
              label="Статус"
              data={inboxStatuses.map((value) => ({ value, label: inboxStatusLabels[value] }))}
              value={form.values.status}
              onChange={(value) => isStatus(value) && form.setFieldValue('status', value)}
              allowDeselect={false}
              w={160}
            />
            <Textarea label="Заметка" autosize minRows={1} style={{ flex: 1 }} {...form.getInputProps('note')} />
            <Button type="submit" loading={update.isPending} disabled={!form.isDirty()} aria-label={`Сохранить: ${name}`}>
              Сохранить
            </Button>
          </Group>
          {item.handledBy && item.handledAt && (
            <Text size="xs" c="dimmed">
              Обработал: {item.handledBy.name} · {formatDateTime(item.handledAt)}
            </Text>
          )}
        </Stack>
      </form>
    </Paper>
  );
}
