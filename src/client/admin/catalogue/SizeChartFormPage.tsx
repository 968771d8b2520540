import { ActionIcon, Button, Group, Select, Table, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useNavigate, useParams } from 'react-router-dom';
import { sizeChartInputSchema, type SizeChart } from '../../../shared/schemas/size-charts.js';
import { trpc } from '../../trpc';
import { toastSuccess } from '../../ui/toast';
import { useTitle } from '../../ui/use-title';
import { FormFrame, FormSection } from '../ui/FormFrame';
import { useStaleGuard } from '../ui/stale-guard';
import { useCategories } from './dropdowns';
import { sizeChartAdmin } from './size-chart-admin';
import { toasted } from '../ui/toasted';

interface ChartValues {
  categoryId: number | null;
  title: string;
  columns: string[];
  rows: string[][];
}

const blank: ChartValues = { categoryId: null, title: '', columns: ['Размер', ''], rows: [['', '']] };
const resolve = schemaResolver(sizeChartInputSchema, { sync: true });

/** /admin/products/size-charts/create-size-chart and /{id}: a category, a title and the table's cells. */
export function SizeChartFormPage() {
  const id = Number(useParams()['id'] ?? 0) || null;
  const item = trpc.catalogue.sizeCharts.get.useQuery({ sizeChartId: id ?? 0 }, { enabled: id !== null, meta: { silent: true } });
  useTitle(id ? `Таблица размеров #${id}` : 'Новая таблица размеров');
  if (id !== null && !item.data) return <ChartForm key="loading" id={id} item={item} chart={undefined} />;
  return <ChartForm key={item.data ? `${item.data.id}:${item.data.version}` : 'new'} id={id} item={item} chart={item.data} />;
}

function ChartForm({ id, item, chart }: { id: number | null; item: { error: unknown; isLoading: boolean; refetch: () => Promise<unknown> }; chart: SizeChart | undefined }) {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const categories = useCategories();
  const create = trpc.catalogue.sizeCharts.create.useMutation({ onSuccess: () => utils.catalogue.sizeCharts.invalidate() });
  const update = trpc.catalogue.sizeCharts.update.useMutation({ onSuccess: () => utils.catalogue.sizeCharts.invalidate() });
  const staleGuard = useStaleGuard(item.refetch);
  const form = useForm<ChartValues>({
    mode: 'controlled',
    initialValues: chart ? { categoryId: chart.categoryId, title: chart.title, columns: chart.columns, rows: chart.rows } : blank,
    validate: (values) => resolve({ ...values, categoryId: values.categoryId ?? 0 }),
  });
  const { columns, rows } = form.values;
  const setCell = (row: number, column: number, value: string) =>
    form.setFieldValue('rows', rows.map((cells, index) => (index === row ? cells.map((cell, at) => (at === column ? value : cell)) : cells)));
  const addColumn = () => form.setValues({ columns: [...columns, ''], rows: rows.map((cells) => [...cells, '']) });
  const removeColumn = (column: number) =>
    form.setValues({ columns: columns.filter((_, at) => at !== column), rows: rows.map((cells) => cells.filter((_, at) => at !== column)) });

  return (
    <FormFrame
      dirty={form.isDirty()}
      title={id ? `Таблица размеров: ${chart?.title ?? ''}` : 'Новая таблица размеров'}
      loading={id !== null && item.isLoading}
      record={id ? item : undefined}
      saving={create.isPending || update.isPending}
      backTo={sizeChartAdmin.paths.list}
      maw={960}
      stale={{ active: staleGuard.stale, onReload: () => void staleGuard.reload() }}
      onSubmit={form.onSubmit(toasted(async (values) => {
        const input = { ...values, categoryId: values.categoryId ?? 0 };
        if (id) await staleGuard.guard(update.mutateAsync({ sizeChartId: id, ...input, version: chart?.version }));
        else await create.mutateAsync(input);
        toastSuccess(id ? sizeChartAdmin.messages.updated : sizeChartAdmin.messages.created);
        void navigate(sizeChartAdmin.paths.list);
      }))}
    >
      <FormSection>
        <Select
          label="Категория"
          description="Таблицу увидят товары этой категории и её подкатегорий"
          withAsterisk
          placeholder="Выберите категорию"
          data={categories.options.map((option) => ({ value: String(option.value), label: option.label }))}
          value={form.values.categoryId === null ? null : String(form.values.categoryId)}
          onChange={(value) => form.setFieldValue('categoryId', value ? Number(value) : null)}
          error={form.errors['categoryId']}
          searchable
          nothingFoundMessage="Категорий не найдено"
        />
        <TextInput label="Заголовок" withAsterisk {...form.getInputProps('title')} />
      </FormSection>
      <FormSection title="Таблица">
        <Table.ScrollContainer minWidth={columns.length * 140 + 60}>
          <Table withTableBorder withColumnBorders verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                {columns.map((column, at) => (
                  <Table.Th key={at}>
                    <Group gap={4} wrap="nowrap">
                      <TextInput size="xs" aria-label={`Заголовок столбца ${at + 1}`} value={column} onChange={(event) => form.setFieldValue(`columns.${at}`, event.currentTarget.value)} error={form.errors[`columns.${at}`]} />
                      <ActionIcon variant="subtle" color="red" aria-label={`Удалить столбец ${at + 1}`} disabled={columns.length === 1} onClick={() => removeColumn(at)}>
                        <IconTrash size={14} />
                      </ActionIcon>
                    </Group>
                  </Table.Th>
                ))}
                <Table.Th w={48} aria-label="Удаление строк" />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((cells, row) => (
                <Table.Tr key={row}>
                  {cells.map((cell, column) => (
                    <Table.Td key={column}>
                      <TextInput size="xs" aria-label={`Строка ${row + 1}, ${columns[column] || `столбец ${column + 1}`}`} value={cell} onChange={(event) => setCell(row, column, event.currentTarget.value)} error={form.errors[`rows.${row}.${column}`]} />
                    </Table.Td>
                  ))}
                  <Table.Td>
                    <ActionIcon variant="subtle" color="red" aria-label={`Удалить строку ${row + 1}`} disabled={rows.length === 1} onClick={() => form.removeListItem('rows', row)}>
                      <IconTrash size={14} />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {['columns', 'rows', ...rows.map((_, row) => `rows.${row}`)].map((path) =>
          typeof form.errors[path] === 'string' ? (
            <Text key={path} c="red.8" size="sm">
              {form.errors[path]}
            </Text>
          ) : null,
        )}
        <Group>
          <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} onClick={() => form.insertListItem('rows', columns.map(() => ''))}>
            Добавить строку
          </Button>
          <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} onClick={addColumn}>
            Добавить столбец
          </Button>
        </Group>
      </FormSection>
    </FormFrame>
  );
}
