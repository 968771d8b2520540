import { Anchor, Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { webhookEventLabels, type WebhookEventType } from '../../../shared/schemas/webhooks.js';
import { routes } from '../../routes';
import { trpc } from '../../trpc';
import { useTitle } from '../../ui/use-title';

export function eventLabel(type: string): string {
  if (type === 'ping') return 'Проверка (ping)';
  return type in webhookEventLabels ? webhookEventLabels[type as Exclude<WebhookEventType, 'ping'>] : type;
}

/** /admin/settings/webhooks: the registered endpoints (a shop has a handful, so one unpaged table). */
export function WebhooksListPage() {
  useTitle('Вебхуки');
  const list = trpc.webhooks.list.useQuery({});
  const rows = list.data?.rows ?? [];
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Вебхуки</Title>
        <Button component={Link} to={`${routes.adminWebhooks}/create-webhook`} leftSection={<IconPlus size={16} />}>
          Добавить вебхук
        </Button>
      </Group>
      <Text size="sm" c="dimmed" maw={720}>
        Магазин отправляет события (заказы, товары, остатки) на адреса интеграций. Каждая доставка подписана секретом вебхука; недоставленные
        повторяются через 1, 5, 30 и 120 минут.
      </Text>
      {list.isLoading ? null : rows.length === 0 ? (
        <Text>Вебхуков пока нет.</Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Адрес</Table.Th>
                <Table.Th>События</Table.Th>
                <Table.Th>Состояние</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`${routes.adminWebhooks}/${row.id}`} style={{ wordBreak: 'break-all' }}>
                      {row.url}
                    </Anchor>
                    {row.description && (
                      <Text size="xs" c="dimmed">
                        {row.description}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{row.events.map(eventLabel).join(', ')}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge color={row.active ? 'green' : 'gray'} variant="light">
                      {row.active ? 'Включён' : 'Выключен'}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
