import { Anchor, Group, Select, Stack, Text } from '@mantine/core';
import type { ImageInfo } from '../../../shared/schemas/media.js';
import { trpc } from '../../trpc';
import { ShopImage } from '../../ui/ShopImage';
import { toastSuccess } from '../../ui/toast';
import { ListFooter } from '../../ui/ListFooter';
import { useListParams, usePaging } from '../../ui/use-paging';
import { useTitle } from '../../ui/use-title';
import { useImageUpload } from '../../media/upload';
import { UploadZone } from '../../media/UploadZone';
import { AdminListHeader, AdminSearchInput } from '../ui/AdminListHeader';
import { AdminDeleteButton, AdminRows } from '../ui/AdminRows';
import { ignoreToasted } from '../ui/toasted';

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

  const onFiles = async (files: File[]) => {
    const names = await upload(files);
    if (!names) return;
    toastSuccess(names.length === 1 ? 'Изображение загружено' : `Изображения загружены: ${names.length}`);
    paging.setPage(1);
  };

  const rows = list.data?.rows ?? [];
  return (
    <Stack>
      <AdminListHeader title="Изображения" />
      <UploadZone onFiles={(files) => void onFiles(files)} progress={progress} />
      <Group gap="sm" align="flex-end">
        <AdminSearchInput label="Поиск по имени файла" paging={paging} style={{ flex: '1 1 220px' }} maw={360} />
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
      <AdminRows
        rows={rows}
        rowKey={(image) => image.name}
        card={(image) => ({
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
        })}
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
        ]}
        action={(image) => (
          <AdminDeleteButton
            name={image.originalName}
            question={`Удалить «${image.originalName}»?`}
            loading={remove.isPending && remove.variables.fileName === image.name}
            onConfirm={() => void remove.mutateAsync({ fileName: image.name }).then(() => toastSuccess('Изображение удалено')).catch(ignoreToasted)}
          />
        )}
      />
      <ListFooter paging={paging} total={list.data?.length} loading={list.isLoading} shownRows={rows.length} />
    </Stack>
  );
}
