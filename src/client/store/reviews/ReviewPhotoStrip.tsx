import { Group, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { trpc } from '../../trpc';
import { ShopImage } from '../../ui/ShopImage';

/** «Фото покупателей»: thumbnails of approved reviews' photos, newest first; a click opens them all in the viewer. */
export function ReviewPhotoStrip({ productId, onOpen }: { productId: number; onOpen: (images: string[], start: number) => void }) {
  const strip = trpc.reviews.reviews.photos.useQuery({ productId });
  const images = (strip.data ?? []).map((photo) => photo.image);
  if (!images.length) return null;
  return (
    <Stack gap={6} component="section" aria-labelledby="review-photos-title">
      <Text fw={600} id="review-photos-title" component="h3" m={0}>
        Фото покупателей
      </Text>
      <ScrollArea type="auto" offsetScrollbars>
        <Group gap="xs" wrap="nowrap">
          {images.map((name, index) => (
            <UnstyledButton key={`${name}-${index}`} onClick={() => onOpen(images, index)} aria-label={`Фото покупателей: открыть ${index + 1} из ${images.length}`}>
              <ShopImage name={name} alt="" w={64} h={64} fit="cover" radius="sm" sizes="64px" />
            </UnstyledButton>
          ))}
        </Group>
      </ScrollArea>
    </Stack>
  );
}
