import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { trpc } from '../../trpc';
import { useTitle } from '../../ui/use-title';
import { AdminTable } from '../ui/AdminTable';
import { contentPaths } from './paths';

const editedAt = (date: Date) => date.toLocaleString('ru-RU', { dateStyle: 'short', timeStyle: 'short' });

/** /admin/legal: «Правовые страницы» — the four pages, their version and last edit. */
export function LegalPagesPage() {
  useTitle('Правовые страницы');
  const list = trpc.content.legal.list.useQuery({});
  return (
    <Stack>
      <Title order={2}>Правовые страницы</Title>
      <Text size="sm" c="dimmed">
        Тексты страниц магазина. Согласие покупателя на обработку данных хранится с версией политики конфиденциальности, действовавшей в тот момент.
      </Text>
      <AdminTable
        rows={list.data?.rows ?? []}
        rowKey={(row) => row.slug}
        minWidth={520}
        tableProps={{ striped: true }}
        columns={[
          {
            label: 'Страница',
            render: (row) => (
              <Anchor component={Link} to={contentPaths.legalPage(row.slug)}>
                {row.title}
              </Anchor>
            ),
          },
          { label: 'Адрес', render: (row) => `/${row.slug}` },
          { label: 'Версия', width: 90, render: (row) => row.version },
          { label: 'Изменена', width: 150, render: (row) => editedAt(row.updatedAt) },
        ]}
      />
    </Stack>
  );
}
