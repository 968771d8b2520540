import { Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { trpc } from '../../trpc';
import { ListFooter } from '../../ui/ListFooter';
import { toastSuccess } from '../../ui/toast';
import { usePaging } from '../../ui/use-paging';
import { eventLabel } from './WebhooksListPage';
import { ignoreToasted } from '../ui/toasted';

const statusLabels = { pending: ['Ожидает', 'yellow'], delivered: ['Доставлено', 'green'], failed: ['Не доставлено', 'red'] } as const;
const dateTime = new Intl.DateTimeFormat('ru-RU', { dateStyle: 'short', timeStyle: 'medium' });

/** An endpoint's deliveries, newest first, with their last attempts and a retry for the undelivered. */
export function DeliveriesTable({ webhookId }: { webhookId: number }) {
  const paging = usePaging(20);
  const utils = trpc.useUtils();
  const list = trpc.webhooks.deliveries.useQuery({ webhookId, limit: paging.limit, offset: paging.offset }, { refetchInterval: 5000 });
  const retry = trpc.webhooks.retry.useMutation({ onSuccess: () => utils.webhooks.deliveries.invalidate() });
  const rows = list.data?.rows ?? [];
  return (
    <Stack gap="sm">
      <Title order={3}>Доставки</Title>
      {rows.length > 0 && (
        <Table.ScrollContainer minWidth={720}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Событие</Table.Th>
                <Table.Th>Состояние</Table.Th>
                <Table.Th>Попытки</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => {
                const [label, color] = statusLabels[row.status];
                return (
                  <Table.Tr key={row.id}>
                    <Table.Td>
                      <Text size="sm">{eventLabel(row.eventType)}</Text>
                      <Text size="xs" c="dimmed">
                        {dateTime.format(row.createdAt)} · {row.eventId}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge color={color} variant="light">
                        {label}
                      </Badge>
                      {row.status === 'pending' && row.nextAttemptAt && (
                        <Text size="xs" c="dimmed">
                          следующая: {dateTime.format(row.nextAttemptAt)}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{row.attempts}</Text>
                      {row.lastAttempts.map((attempt) => (
                        <Text key={attempt.attemptedAt.toISOString()} size="xs" c="dimmed">
                          {dateTime.format(attempt.attemptedAt)}: {attempt.statusCode ?? attempt.error ?? '—'} ({attempt.durationMs} мс)
                        </Text>
                      ))}
                    </Table.Td>
                    <Table.Td>
                      {row.status !== 'delivered' && (
                        <Group justify="flex-end">
                          <Button size="xs" variant="light" loading={retry.isPending} onClick={() => void retry.mutateAsync({ webhookId, deliveryId: row.id }).then(() => toastSuccess('Доставка поставлена в очередь')).catch(ignoreToasted)}>
                            Отправить ещё раз
                          </Button>
                        </Group>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <ListFooter paging={paging} total={list.data?.length} loading={list.isLoading} shownRows={rows.length} emptyText="Доставок пока нет." />
    </Stack>
  );
}
