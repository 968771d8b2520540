import { Button, Card, Group, Modal, SimpleGrid, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCheck, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import type { ImageInfo } from '../../../shared/schemas/media.js';
import { trpc } from '../../trpc';
import { ShopImage } from '../../ui/ShopImage';
import { ShopPagination } from '../../ui/ShopPagination';

const PAGE_SIZE = 12;

interface ImagePickerProps {
  opened: boolean;
  onClose: () => void;
  multiple: boolean;
  /** Names already in the form: shown as chosen and not added twice. */
  exclude: readonly string[];
  onPick: (images: ImageInfo[]) => void;
}

/** Choose images already in the library instead of uploading them again. */
export function ImagePicker({ opened, onClose, multiple, exclude, onPick }: ImagePickerProps) {
  const [search, setSearch] = useState('');
  const [originalName] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<ImageInfo[]>([]);
  const list = trpc.media.images.list.useQuery(
    { ...(originalName ? { originalName } : {}), limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE },
    { enabled: opened },
  );

  const close = () => {
    setChosen([]);
    onClose();
  };
  const toggle = (image: ImageInfo) => {
    if (!multiple) {
      onPick([image]);
      close();
      return;
    }
    setChosen((current) => (current.some((item) => item.name === image.name) ? current.filter((item) => item.name !== image.name) : [...current, image]));
  };

  const rows = list.data?.rows ?? [];
  return (
    <Modal opened={opened} onClose={close} title="Изображения из библиотеки" size="xl">
      <Stack>
        <TextInput
          placeholder="Поиск по имени файла"
          aria-label="Поиск по имени файла"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
        />
        <SimpleGrid cols={{ base: 2, xs: 3, sm: 4 }} spacing="xs">
          {rows.map((image) => {
            const inForm = exclude.includes(image.name);
            const selected = inForm || chosen.some((item) => item.name === image.name);
            return (
              <UnstyledButton key={image.name} disabled={inForm} onClick={() => toggle(image)} aria-pressed={selected} aria-label={`Выбрать ${image.originalName}`}>
                <Card withBorder padding={4} radius="sm" style={{ borderColor: selected ? 'var(--mantine-color-blue-filled)' : undefined, opacity: inForm ? 0.5 : 1 }}>
                  <Card.Section pos="relative">
                    <ShopImage name={image.name} alt={image.originalName} h={110} fit="cover" sizes="160px" />
                    {selected && <IconCheck size={22} color="var(--mantine-color-blue-filled)" style={{ position: 'absolute', top: 4, right: 4 }} />}
                  </Card.Section>
                  <Text size="xs" truncate="end" mt={4} title={image.originalName}>
                    {image.originalName}
                  </Text>
                </Card>
              </UnstyledButton>
            );
          })}
        </SimpleGrid>
        {!list.isLoading && rows.length === 0 && <Text c="dimmed">Ничего не найдено</Text>}
        <Group justify="space-between">
          <ShopPagination size="sm" total={Math.max(1, Math.ceil((list.data?.length ?? 0) / PAGE_SIZE))} value={page} onChange={setPage} />
          {multiple && (
            <Button
              disabled={!chosen.length}
              onClick={() => {
                onPick(chosen);
                close();
              }}
            >
              Добавить{chosen.length ? ` (${chosen.length})` : ''}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
