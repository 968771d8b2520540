import { Anchor, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import type { ImageInfo } from '../../../shared/schemas/media.js';
import { trpc } from '../../trpc';
import { ConfirmButton } from '../../ui/ConfirmButton';
import { ShopImage } from '../../ui/ShopImage';
import { toastSuccess } from '../../ui/toast';
import { ListFooter } from '../../ui/ListFooter';
import { useListParams, usePaging } from '../../ui/use-paging';
import { useTitle } from '../../ui/use-title';
import { useImageUpload } from '../../media/upload';
import { UploadZone } from '../../media/UploadZone';
import { AdminRowCards } from '../ui/AdminRowCards';
import { AdminTable } from '../ui/AdminTable';

const PAGE_SIZE = 10;

const typeOptions = [
  { value: 'image/jpeg', label: 'JPEG' },
  { value: 'image/png', label: 'PNG' },
  { value: 'image/webp', label: 'WebP' },
  { value: 'image/gif', label: 'GIF' },
  { value: 'image/avif', label: 'AVIF' },
];

const numberFormat = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 1 });
const dateFormat = new Intl.DateTimeFormat('ru-RU', { dateStyle: 'short', timeStyle: 'short' });

export function formatBytes(size: number): string {
  if (size < 1024) return `${size} Б`;
  if (size < 1024 * 1024) return `${numberFormat.format(size / 1024)} КБ`;
  return `${numberFormat.format(size / 1024 / 1024)} МБ`;
}

/** /admin/images: the image library — upload, page, filter by file name and type, delete. */
function formatLabel(mimeType: string): string {
  return typeOptions.find((option) => option.value === mimeType)?.label ?? mimeType;
}

function preview(image: ImageInfo) {
  return (
    <Anchor href={image.url} target="_blank" rel="noreferrer" aria-label={`Открыть ${image.originalName}`}>
      <ShopImage name={image.name} alt={image.originalName} w={64} h={64} fit="cover" radius="sm" sizes="64px" />
    </Anchor>
  );
}

export function ImageLibraryPage() {
  useTitle('Изображения');
  const paging = usePaging(PAGE_SIZE);
  const [params, setParam] = useListParams();
  const mimeType = params.get('type');
  const utils = trpc.useUtils();
  const list = trpc.media.images.list.useQuery({
    ...(paging.filter ? { originalName: paging.filter } : {}),
    ...(mimeType ? { mimeType } : {}),
    limit: paging.limit,
    offset: paging.offset,
  });
  const remove = trpc.media.images.delete.useMutation({ onSuccess: () => utils.media.images.invalidate() });
  const { upload, progress } = useImageUpload();
  const onSearch = useDebouncedCallback((value: string) => paging.setFilter(value), 300);

  const onFiles = async (files: File[]) => {
    const names = await upload(files);
    if (!names) return;
    toastSuccess(names.length === 1 ? 'Изображение загружено' : `Изображения загружены: ${names.length}`);
    paging.setPage(1);
  };

  const rows = list.data?.rows ?? [];
  const deleteButton = (image: ImageInfo) => (
    <ConfirmButton
      size="xs"
      loading={remove.isPending && remove.variables.fileName === image.name}
      aria-label={`Удалить ${image.originalName}`}
      question={`Удалить «${image.originalName}»?`}
      onConfirm={() => void remove.mutateAsync({ fileName: image.name }).then(() => toastSuccess('Изображение удалено'))}
    >
      Удалить
    </ConfirmButton>
  );
  return (
    <Stack>
      <Title order={2}>Изображения</Title>
      <UploadZone onFiles={(files) => void onFiles(files)} progress={progress} />
      <Group gap="sm" align="flex-end">
        <TextInput
          placeholder="Поиск по имени файла"
          aria-label="Поиск по имени файла"
          leftSection={<IconSearch size={16} />}
          defaultValue={paging.filter}
          onChange={(event) => onSearch(event.currentTarget.value)}
          style={{ flex: '1 1 220px' }}
          maw={360}
        />
        <Select
          placeholder="Любой формат"
          aria-label="Формат"
          data={typeOptions}
          value={mimeType}
          clearable
          w={160}
          onChange={(value) => setParam('type', value ?? undefined)}
        />
      </Group>
      <AdminRowCards
        rows={rows.map((image) => ({
          key: image.name,
          leading: preview(image),
          title: (
            <Text size="sm" fw={600} lineClamp={2}>
              {image.originalName}
            </Text>
          ),
          subtitle: image.name,
          fields: [
            { label: 'Формат', value: formatLabel(image.mimeType) },
            { label: 'Размер', value: formatBytes(image.size) },
            { label: 'Пиксели', value: `${image.width} × ${image.height}` },
            { label: 'Загружен', value: dateFormat.format(new Date(image.createdAt)) },
          ],
          action: deleteButton(image),
        }))}
      />
      <AdminTable
        rows={rows}
        rowKey={(image) => image.name}
        minWidth={640}
        desktopOnly
        tableProps={{ striped: true, highlightOnHover: true, verticalSpacing: 'xs' }}
        columns={[
          { width: 80, render: preview },
          {
            label: 'Файл',
            render: (image) => (
              <>
                <Text size="sm" lineClamp={1} title={image.originalName}>
                  {image.originalName}
                </Text>
                <Text size="xs" c="dimmed" ff="monospace">
                  {image.name}
                </Text>
              </>
            ),
          },
          { label: 'Формат', width: 80, render: (image) => formatLabel(image.mimeType) },
          { label: 'Размер', width: 90, render: (image) => formatBytes(image.size) },
          { label: 'Пиксели', width: 110, render: (image) => `${image.width} × ${image.height}` },
          { label: 'Загружен', width: 130, render: (image) => dateFormat.format(new Date(image.createdAt)) },
          { width: 110, render: deleteButton },
        ]}
      />
      <ListFooter paging={paging} total={list.data?.length} loading={list.isLoading} shownRows={rows.length} />
    </Stack>
  );
}
