import { ActionIcon, Alert, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconGripVertical, IconPhotoPlus, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { slideReplaceSchema, type SlideInput } from '../../../shared/schemas/content.js';
import { trpc } from '../../trpc';
import { ShopImage } from '../../ui/ShopImage';
import { toastSuccess } from '../../ui/toast';
import { useTitle } from '../../ui/use-title';
import { ImagePicker } from '../media/ImagePicker';
import { contentPaths } from './paths';
import { SlideTextFields } from './SlideTextFields';
import { ignoreToasted } from '../ui/toasted';

type Draft = Required<SlideInput> & { key: string };

let nextKey = 0;
const draftOf = (slide: SlideInput): Draft => ({
  image: slide.image,
  link: slide.link ?? '',
  title: slide.title ?? '',
  subtitle: slide.subtitle ?? '',
  buttonText: slide.buttonText ?? '',
  key: `slide-${(nextKey += 1)}`,
});

function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const copy = [...list];
  const [item] = copy.splice(from, 1);
  if (item !== undefined) copy.splice(to, 0, item);
  return copy;
}

/**
 * /admin/banners/update-banner: add slides from the image library, remove
 * them, reorder them by dragging (or the arrow buttons), give each its text (heading, subtitle,
 * button) and a link, then
 * save the whole list with one update.
 */
export function UpdateBannerPage() {
  useTitle('Изменение баннера');
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const current = trpc.content.slides.list.useQuery({});
  const [edited, setDrafts] = useState<Draft[] | null>(null);
  const [picking, setPicking] = useState(false);
  const [dragged, setDragged] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const replace = trpc.content.slides.replace.useMutation({ onSuccess: () => utils.content.slides.invalidate() });

  // The list as loaded until the admin changes it.
  const loaded = useMemo(() => current.data?.rows.map(draftOf) ?? null, [current.data]);
  const drafts = edited ?? loaded;

  if (!drafts) return <Loader />;
  const update = (index: number, fields: Partial<Draft>) => setDrafts(drafts.map((draft, position) => (position === index ? { ...draft, ...fields } : draft)));

  const save = async () => {
    const slides = drafts.map(({ image, link, title, subtitle, buttonText }) => ({ image, link, title, subtitle, buttonText }));
    const checked = slideReplaceSchema.safeParse({ slides });
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? 'Проверьте поля слайдов');
      return;
    }
    setError(null);
    await replace.mutateAsync({ slides });
    toastSuccess('Баннер обновлён');
    void navigate(contentPaths.banners);
  };

  return (
    <Stack maw={900}>
      <Title order={2}>Изменение баннера</Title>
      <Text size="sm" c="dimmed">
        Перетащите слайды, чтобы изменить порядок. Изменения применяются после «Сохранить».
      </Text>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Stack gap="sm" aria-label="Слайды" role="list">
        {drafts.map((draft, index) => (
          <Paper
            key={draft.key}
            withBorder
            p="sm"
            radius="md"
            role="listitem"
            data-slide-editor={draft.image}
            draggable
            onDragStart={() => setDragged(index)}
            onDragOver={(event) => event.preventDefault()}
            onDrop={() => {
              if (dragged !== null && dragged !== index) setDrafts(moved(drafts, dragged, index));
              setDragged(null);
            }}
            style={{ opacity: dragged === index ? 0.5 : 1 }}
          >
            <Group wrap="nowrap" align="flex-start">
              <IconGripVertical size={20} style={{ cursor: 'grab', flexShrink: 0, marginTop: 8 }} aria-hidden />
              <ShopImage name={draft.image} alt={`Слайд ${index + 1}`} w={160} h={60} fit="cover" radius="sm" sizes="160px" />
              <SlideTextFields value={draft} number={index + 1} onChange={(fields) => update(index, fields)} />
              <Stack gap={4}>
                <ActionIcon variant="default" aria-label={`Слайд ${index + 1} выше`} disabled={index === 0} onClick={() => setDrafts(moved(drafts, index, index - 1))}>
                  <IconArrowUp size={16} />
                </ActionIcon>
                <ActionIcon variant="default" aria-label={`Слайд ${index + 1} ниже`} disabled={index === drafts.length - 1} onClick={() => setDrafts(moved(drafts, index, index + 1))}>
                  <IconArrowDown size={16} />
                </ActionIcon>
                <ActionIcon color="red" variant="light" aria-label={`Удалить слайд ${index + 1}`} onClick={() => setDrafts(drafts.filter((_, position) => position !== index))}>
                  <IconTrash size={16} />
                </ActionIcon>
              </Stack>
            </Group>
          </Paper>
        ))}
        {!drafts.length && <Text c="dimmed">Слайдов нет. Добавьте изображения из библиотеки.</Text>}
      </Stack>
      <Group justify="space-between">
        <Button variant="light" leftSection={<IconPhotoPlus size={16} />} onClick={() => setPicking(true)}>
          Добавить слайды
        </Button>
        <Group>
          <Button variant="default" onClick={() => void navigate(contentPaths.banners)}>
            Отмена
          </Button>
          <Button onClick={() => void save().catch(ignoreToasted)} loading={replace.isPending}>
            Сохранить
          </Button>
        </Group>
      </Group>
      <ImagePicker
        opened={picking}
        onClose={() => setPicking(false)}
        multiple
        exclude={[]}
        onPick={(images) => setDrafts([...drafts, ...images.map((image) => draftOf({ image: image.name }))])}
      />
    </Stack>
  );
}
