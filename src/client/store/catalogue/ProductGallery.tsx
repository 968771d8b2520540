import { AspectRatio, Box, Group, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { ShopImage } from '../../ui/ShopImage';

/** The chosen variant's pictures: a large one and a row of thumbnails to switch between them. */
export function ProductGallery({ images, alt }: { images: string[]; alt: string }) {
  const [index, setIndex] = useState(0);
  const current = images[Math.min(index, images.length - 1)] ?? null;
  return (
    <Box>
      <AspectRatio ratio={3 / 4} style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }} bg="gray.0">
        <ShopImage name={current} alt={alt} fit="cover" sizes="(max-width: 48em) 100vw, 600px" />
      </AspectRatio>
      {images.length > 1 && (
        <Group gap="xs" mt="xs" wrap="nowrap" style={{ overflowX: 'auto' }} aria-label="Фотографии товара">
          {images.map((name, position) => (
            <UnstyledButton
              key={name}
              onClick={() => setIndex(position)}
              aria-label={`Фото ${position + 1}`}
              aria-pressed={position === index}
              style={{
                flexShrink: 0,
                borderRadius: 'var(--mantine-radius-sm)',
                overflow: 'hidden',
                outline: position === index ? '2px solid var(--mantine-color-blue-6)' : '1px solid var(--mantine-color-gray-3)',
                outlineOffset: position === index ? 1 : 0,
              }}
            >
              <ShopImage name={name} alt={`${alt}, фото ${position + 1}`} w={64} h={85} fit="cover" sizes="64px" />
            </UnstyledButton>
          ))}
        </Group>
      )}
    </Box>
  );
}
