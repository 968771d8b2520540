import { Badge, Button, Group, Stack, Table, TagsInput, Text, Title } from '@mantine/core';
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
      <Table.ScrollContainer minWidth={700}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Код</Table.Th>
              <Table.Th>Описание</Table.Th>
              <Table.Th>Метки</Table.Th>
              <Table.Th>Проверок</Table.Th>
              <Table.Th aria-label="Действия" />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td>
                  <Text component={Link} to={contentPaths.scannerItem(row.id)} ff="monospace" c="blue.8">
                    {row.qrCode}
                  </Text>
                </Table.Td>
                <Table.Td>{row.title || <Text c="dimmed">—</Text>}</Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    {row.tags.map((tag) => (
                      <Badge key={tag} variant="light">
                        {tag}
                      </Badge>
                    ))}
                  </Group>
                </Table.Td>
                <Table.Td>{row.checkCount}</Table.Td>
                <Table.Td>
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
                      onConfirm={() => void remove.mutateAsync({ scannerId: row.id }).then(() => toastSuccess('QR-код удалён'))}
                    >
                      Удалить
                    </ConfirmButton>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {list.data && !rows.length && <Text c="dimmed">QR-кодов не найдено.</Text>}
      {(list.data?.length ?? 0) > PAGE_SIZE && <ShopPagination total={Math.ceil((list.data?.length ?? 0) / PAGE_SIZE)} value={page} onChange={setPage} />}
    </Stack>
  );
}
