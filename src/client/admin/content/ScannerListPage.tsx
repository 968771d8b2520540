import { Badge, Button, Group, Stack, TagsInput, Text, Title } from '@mantine/core';
import { IconPlus, IconQrcode } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { trpc } from '../../trpc';
import { ConfirmButton } from '../../ui/ConfirmButton';
import { ShopPagination } from '../../ui/ShopPagination';
import { toastSuccess } from '../../ui/toast';
import { useTitle } from '../../ui/use-title';
import { contentPaths } from './paths';
import { downloadQr } from './qr-download';
import { AdminTable } from '../ui/AdminTable';
import { ignoreToasted } from '../ui/toasted';

const PAGE_SIZE = 20;

/** /admin/scanner: QR codes of genuine goods, filtered by tags, newest first, with their images. */
export function ScannerListPage() {
  useTitle('QR-коды');
  const [tags, setTags] = useState<string[]>([]);
  const [page, setPage] = useState(1);
  const utils = trpc.useUtils();
  const list = trpc.content.scanner.list.useQuery({ ...(tags.length ? { tags } : {}), limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
  const remove = trpc.content.scanner.delete.useMutation({ onSuccess: () => utils.content.scanner.invalidate() });
  const rows = list.data?.rows ?? [];
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>QR-коды подлинности</Title>
        <Button component={Link} to={contentPaths.createScanner} leftSection={<IconPlus size={16} />}>
          Новый QR-код
        </Button>
      </Group>
      <TagsInput
        label="Метки"
        placeholder="Показать коды с любой из меток"
        value={tags}
        onChange={(value) => {
          setTags(value);
          setPage(1);
        }}
        maw={480}
      />
      <AdminTable
        rows={rows}
        rowKey={(row) => row.id}
        minWidth={700}
        tableProps={{ striped: true }}
        columns={[
          {
            label: 'Код',
            render: (row) => (
              <Text component={Link} to={contentPaths.scannerItem(row.id)} ff="monospace" c="blue.8">
                {row.qrCode}
              </Text>
            ),
          },
          { label: 'Описание', render: (row) => row.title || <Text c="dimmed">—</Text> },
          {
            label: 'Метки',
            render: (row) => (
              <Group gap={4}>
                {row.tags.map((tag) => (
                  <Badge key={tag} variant="light">
                    {tag}
                  </Badge>
                ))}
              </Group>
            ),
          },
          { label: 'Проверок', render: (row) => row.checkCount },
          {
            ariaLabel: 'Действия',
            render: (row) => (
              <Group gap={4} wrap="nowrap">
                <Button size="xs" variant="subtle" leftSection={<IconQrcode size={14} />} onClick={() => void downloadQr(row.id, row.qrCode, 'png')} aria-label={`Скачать PNG ${row.qrCode}`}>
                  PNG
                </Button>
                <Button size="xs" variant="subtle" onClick={() => void downloadQr(row.id, row.qrCode, 'svg')} aria-label={`Скачать SVG ${row.qrCode}`}>
                  SVG
                </Button>
                <ConfirmButton
                  size="xs"
                  aria-label={`Удалить ${row.qrCode}`}
                  question={`Удалить QR-код ${row.qrCode}?`}
                  loading={remove.isPending}
                  onConfirm={() => void remove.mutateAsync({ scannerId: row.id }).then(() => toastSuccess('QR-код удалён')).catch(ignoreToasted)}
                >
                  Удалить
                </ConfirmButton>
              </Group>
            ),
          },
        ]}
      />
      {list.data && !rows.length && <Text c="dimmed">QR-кодов не найдено.</Text>}
      {(list.data?.length ?? 0) > PAGE_SIZE && <ShopPagination total={Math.ceil((list.data?.length ?? 0) / PAGE_SIZE)} value={page} onChange={setPage} />}
    </Stack>
  );
}
