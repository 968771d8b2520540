import { Alert, Anchor, Button, FileInput, Group, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { IconFileTypeCsv } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { ImportPreview } from '../../../shared/schemas/catalogue-io.js';
import { trpc } from '../../trpc';
import { toastError } from '../../ui/toast';
import { useTitle } from '../../ui/use-title';
import { checkCatalogueCsv } from './catalogue-files';

function ProblemsTable({ preview }: { preview: ImportPreview }) {
  if (!preview.problems.length) return null;
  return (
    <Table striped withTableBorder aria-label="Проблемы строк файла">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={80}>Строка</Table.Th>
          <Table.Th w={200}>Артикул</Table.Th>
          <Table.Th>Что не так</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {preview.problems.slice(0, 500).map((problem) => (
          <Table.Tr key={problem.line}>
            <Table.Td>{problem.line}</Table.Td>
            <Table.Td>{problem.article}</Table.Td>
            <Table.Td>
              {problem.messages.map((message) => (
                <Text key={message} size="sm">
                  {message}
                </Text>
              ))}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function ImportProgress({ importId }: { importId: string }) {
  const state = trpc.catalogue.imports.state.useQuery(
    { importId },
    { refetchInterval: (query) => (query.state.data?.status === 'done' || query.state.data?.status === 'failed' ? false : 250) },
  );
  const data = state.data;
  const utils = trpc.useUtils();
  const finished = data?.status === 'done';
  // Lists read before the import (the product list, stock) are read again.
  useEffect(() => {
    if (finished) void utils.catalogue.invalidate();
  }, [finished, utils]);
  const percent = data && data.total > 0 ? Math.round((data.done / data.total) * 100) : 0;
  return (
    <Stack gap="xs">
      <Progress value={percent} size="xl" aria-label="Ход загрузки" color={data?.status === 'failed' ? 'red' : 'blue'} animated={data?.status === 'running'} />
      <Text size="sm" data-testid="import-progress">
        {percent}% ({data?.done ?? 0} из {data?.total ?? 0})
      </Text>
      {data?.status === 'done' && (
        <Alert color="green" title="Каталог загружен">
          <Anchor component={Link} to="/admin/products">
            К списку товаров
          </Anchor>
        </Alert>
      )}
      {data?.status === 'failed' && (
        <Alert color="red" title="Загрузка не удалась, каталог не изменён">
          {data.error}
        </Alert>
      )}
    </Stack>
  );
}

/** /admin/products/import: a CSV file is checked row by row, then applied in one transaction. */
export function ImportPage() {
  useTitle('Загрузка каталога из CSV');
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [checking, setChecking] = useState(false);
  const [started, setStarted] = useState<string | null>(null);
  const start = trpc.catalogue.imports.start.useMutation();

  const check = async () => {
    if (!file) return;
    setChecking(true);
    setStarted(null);
    try {
      setPreview(await checkCatalogueCsv(file));
    } catch (error) {
      toastError(error);
    } finally {
      setChecking(false);
    }
  };
  const apply = async () => {
    if (!preview?.importId) return;
    try {
      setStarted((await start.mutateAsync({ importId: preview.importId })).importId);
    } catch {
      // The query client shows the refusal as a toast.
    }
  };

  return (
    <Stack>
      <Title order={2}>Загрузка каталога из CSV</Title>
      <Text size="sm" c="dimmed">
        Формат — как у выгрузки: строка на позицию (цвет × размер), разделитель «;». Товары и позиции сопоставляются по артикулу; файл сначала
        проверяется, потом загружается целиком или не загружается вовсе.
      </Text>
      <Group align="flex-end">
        <FileInput
          label="CSV-файл"
          placeholder="Выберите файл"
          accept=".csv,text/csv"
          leftSection={<IconFileTypeCsv size={16} />}
          value={file}
          onChange={(next) => {
            setFile(next);
            setPreview(null);
            setStarted(null);
          }}
          clearable
          clearButtonProps={{ 'aria-label': 'Убрать файл' }}
          w={360}
        />
        <Button onClick={() => void check()} loading={checking} disabled={!file}>
          Проверить
        </Button>
      </Group>
      {preview && (
        <Stack gap="sm">
          <Text>
            Строк: {preview.rows}. Новых товаров: {preview.counts.newProducts}, изменится: {preview.counts.updatedProducts}. Новых позиций:{' '}
            {preview.counts.newItems}, изменится: {preview.counts.updatedItems}.
          </Text>
          {preview.fileProblems.length > 0 && (
            <Alert color="red" title="Файл не подходит">
              {preview.fileProblems.map((message) => (
                <Text key={message} size="sm">
                  {message}
                </Text>
              ))}
            </Alert>
          )}
          {preview.problems.length > 0 && (
            <Alert color="orange" title={`Строк с проблемами: ${preview.problems.length}`}>
              Исправьте файл и проверьте его снова: пока есть проблемы, ничего не загружается.
            </Alert>
          )}
          <ProblemsTable preview={preview} />
          {preview.importId && !started && (
            <Group>
              <Button onClick={() => void apply()} loading={start.isPending} color="green">
                Загрузить в каталог
              </Button>
            </Group>
          )}
          {started && <ImportProgress importId={started} />}
        </Stack>
      )}
    </Stack>
  );
}
