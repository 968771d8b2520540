import { ActionIcon, Button, Card, Group, Input, Stack } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconPhoto, IconX } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { trpc } from '../../trpc';
import { ShopImage } from '../../ui/ShopImage';
import { ImagePicker } from './ImagePicker';
import { useImageUpload } from '../../media/upload';
import { UploadZone } from '../../media/UploadZone';

export interface ImageInputProps {
  label?: string;
  description?: ReactNode;
  error?: ReactNode;
  /** Image names, in display order. */
  value: string[];
  onChange: (names: string[]) => void;
  /** false: at most one image. */
  multiple?: boolean;
}

function move<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

/**
 * The images of a product, category, brand, slide or news post (see docs/media.md): upload
 * files (with a progress bar) or pick them from the library, reorder, remove by name. A file
 * uploaded under the original name of an image already in the form takes that image's place.
 */
export function ImageInput({ label, description, error, value, onChange, multiple = true }: ImageInputProps) {
  const [pickerOpened, setPickerOpened] = useState(false);
  const [originalNames, setOriginalNames] = useState<Record<string, string>>({});
  const { upload, progress } = useImageUpload();
  const known = trpc.media.images.list.useQuery({ names: [...value].sort(), limit: 100 }, { enabled: value.length > 0, meta: { silent: true } });

  const originalNameOf = (name: string) => originalNames[name] ?? known.data?.rows.find((row) => row.name === name)?.originalName;
  const remember = (entries: Array<[string, string]>) => setOriginalNames((current) => ({ ...current, ...Object.fromEntries(entries) }));

  const addFiles = async (files: File[]) => {
    const names = await upload(multiple ? files : files.slice(0, 1));
    if (!names) return;
    const uploaded = names.map((name, index): [string, string] => [name, files[index]?.name ?? name]);
    remember(uploaded);
    if (!multiple) {
      onChange(names.slice(0, 1));
      return;
    }
    const next = [...value];
    for (const [name, originalName] of uploaded) {
      const sameFile = next.findIndex((existing) => originalNameOf(existing) === originalName);
      if (sameFile >= 0) next[sameFile] = name;
      else next.push(name);
    }
    onChange(next);
  };

  return (
    <Input.Wrapper label={label} description={description} error={error}>
      <Stack gap="xs" mt={label || description ? 4 : 0}>
        {value.length > 0 && (
          <Group gap="xs">
            {value.map((name, index) => {
              const title = originalNameOf(name) ?? name;
              return (
                <Card key={name} withBorder padding={4} radius="sm" w={112} title={title} data-testid="image-input-item">
                  <ShopImage name={name} alt={title} h={96} fit="cover" radius="xs" sizes="112px" />
                  <Group justify={multiple ? 'space-between' : 'center'} gap={0} mt={4} wrap="nowrap">
                    {multiple && (
                      <ActionIcon variant="subtle" size="sm" disabled={index === 0} onClick={() => onChange(move(value, index, index - 1))} aria-label={`Сдвинуть влево: ${title}`}>
                        <IconArrowLeft size={16} />
                      </ActionIcon>
                    )}
                    <ActionIcon variant="subtle" color="red" size="sm" onClick={() => onChange(value.filter((other) => other !== name))} aria-label={`Убрать ${title}`}>
                      <IconX size={16} />
                    </ActionIcon>
                    {multiple && (
                      <ActionIcon
                        variant="subtle"
                        size="sm"
                        disabled={index === value.length - 1}
                        onClick={() => onChange(move(value, index, index + 1))}
                        aria-label={`Сдвинуть вправо: ${title}`}
                      >
                        <IconArrowRight size={16} />
                      </ActionIcon>
                    )}
                  </Group>
                </Card>
              );
            })}
          </Group>
        )}
        <Group gap="xs" align="flex-start" wrap="wrap">
          <UploadZone onFiles={(files) => void addFiles(files)} progress={progress} multiple={multiple} compact grow />
          <Button variant="default" leftSection={<IconPhoto size={16} />} onClick={() => setPickerOpened(true)}>
            Из библиотеки
          </Button>
        </Group>
      </Stack>
      <ImagePicker
        opened={pickerOpened}
        onClose={() => setPickerOpened(false)}
        multiple={multiple}
        exclude={value}
        onPick={(images) => {
          remember(images.map((image): [string, string] => [image.name, image.originalName]));
          onChange(multiple ? [...value, ...images.map((image) => image.name)] : images.slice(0, 1).map((image) => image.name));
        }}
      />
    </Input.Wrapper>
  );
}
