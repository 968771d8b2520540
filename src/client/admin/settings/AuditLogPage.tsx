import { Alert, Code, Group, Loader, Pagination, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { auditSectionLabels, auditSections, type AuditSection } from '../../../shared/schemas/audit.js';
import { trpc } from '../../trpc';
import { errorMessageOf } from '../../ui/toast';
import { useTitle } from '../../ui/use-title';

const pageSize = 50;
const sectionOptions = auditSections.map((value) => ({ value, label: auditSectionLabels[value] }));
const isSection = (value: string | null): value is AuditSection => value !== null && (auditSections as readonly string[]).includes(value);

/** /admin/settings/audit: every change an Admin made, newest first, by section and record (docs/audit-log.md). */
export function AuditLogPage() {
  useTitle('Журнал действий');
  const [section, setSection] = useState<AuditSection | undefined>(undefined);
  const [entityId, setEntityId] = useState('');
  const [page, setPage] = useState(1);
  const list = trpc.audit.list.useQuery({ section, entityId: entityId.trim() || undefined, limit: pageSize, offset: (page - 1) * pageSize });
  const pages = Math.ceil((list.data?.length ?? 0) / pageSize);

  return (
    <Stack>
      <Title order={2}>Журнал действий</Title>
      <Group align="flex-end">
        <Select
          label="Раздел"
          placeholder="Все разделы"
          data={sectionOptions}
          value={section ?? null}
          clearable
          onChange={(value) => {
            setSection(isSection(value) ? value : undefined);
            setPage(1);
          }}
          w={240}
        />
        <TextInput
          label="Запись (id, адрес)"
          value={entityId}
          onChange={(event) => {
            setEntityId(event.currentTarget.value);
            setPage(1);
          }}
          w={200}
        />
      </Group>
      {list.error && (
        <Alert color="red" role="alert">
          {errorMessageOf(list.error)}
        </Alert>
      )}
      {list.isLoading ? (
        <Loader />
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table striped verticalSpacing="xs" aria-label="Журнал действий">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Когда</Table.Th>
                <Table.Th>Кто</Table.Th>
                <Table.Th>Действие</Table.Th>
                <Table.Th>Запись</Table.Th>
                <Table.Th>Что отправлено</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data?.rows.map((entry) => (
                <Table.Tr key={entry.id} data-testid="audit-entry">
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{entry.createdAt.toLocaleString('ru-RU', { dateStyle: 'short', timeStyle: 'medium' })}</Table.Td>
                  <Table.Td>{entry.userEmail || `ID ${entry.userId ?? '—'}`}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{entry.summary || entry.action}</Text>
                    <Text size="xs" c="dimmed">
                      {entry.rest ?? entry.action}
                    </Text>
                  </Table.Td>
                  <Table.Td>{entry.entityId ?? '—'}</Table.Td>
                  <Table.Td maw={360}>
                    <Code block style={{ maxHeight: 120, overflow: 'auto', whiteSpace: 'pre-wrap', wordBreak: 'break-all' }} tabIndex={0}>
                      {JSON.stringify(entry.input)}
                    </Code>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {list.data && list.data.length === 0 && <Text c="dimmed">Записей нет.</Text>}
      {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} getControlProps={(control) => ({ 'aria-label': control === 'previous' ? 'Предыдущая страница' : control === 'next' ? 'Следующая страница' : control })} getItemProps={(item) => ({ 'aria-label': `Страница ${item}` })} />}
    </Stack>
  );
}
