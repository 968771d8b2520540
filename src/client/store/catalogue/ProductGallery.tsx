import '@mantine/carousel/styles.css';
import { ShopCarousel } from '../../ui/ShopCarousel';
import { AspectRatio, Box, Group, UnstyledButton } from '@mantine/core';
import type { EmblaCarouselType } from 'embla-carousel';
import { lazy, Suspense, useState } from 'react';
import { ShopImage } from '../../ui/ShopImage';
import classes from './ProductGallery.module.css';

const PhotoViewer = lazy(() => import('../../ui/PhotoViewer'));

/**
 * The chosen variant's pictures: swiped on a phone (and with arrows on a desktop), whole and in
 * proportion on a neutral background (never cropped), thumbnails to jump, and a full-screen viewer
 * with zoom when a picture is opened.
 */
export function ProductGallery({ images, alt }: { images: string[]; alt: string }) {
  const [index, setIndex] = useState(0);
  const [embla, setEmbla] = useState<EmblaCarouselType | null>(null);
  const [viewing, setViewing] = useState(false);
  const pictures = images.length ? images : [null];
  const many = pictures.length > 1;

  return (
    <Box>
      <ShopCarousel
        getEmblaApi={setEmbla}
        onSlideChange={setIndex}
        withControls={many}
        withIndicators={false}
        emblaOptions={{ loop: false, align: 'start' }}
        previousControlProps={{ 'aria-label': 'Предыдущее фото' }}
        nextControlProps={{ 'aria-label': 'Следующее фото' }}
        rootClassName={classes.gallery}
      >
        {pictures.map((name, position) => (
          <ShopCarousel.Slide key={name ?? 'none'}>
            <AspectRatio ratio={3 / 4} className={classes.frame}>
              <UnstyledButton
                className={classes.open}
                onClick={() => name && setViewing(true)}
                aria-label={name ? `Открыть фото ${position + 1} из ${pictures.length} на весь экран` : undefined}
                disabled={!name}
              >
                <ShopImage name={name} alt={many ? `${alt}, фото ${position + 1}` : alt} fit="contain" h="100%" w="100%" sizes="(max-width: 48em) 100vw, 600px" />
              </UnstyledButton>
            </AspectRatio>
          </ShopCarousel.Slide>
        ))}
      </ShopCarousel>
      {many && (
        <Group gap="xs" mt="xs" wrap="nowrap" style={{ overflowX: 'auto' }} aria-label="Фотографии товара">
          {images.map((name, position) => (
            <UnstyledButton
              key={name}
              onClick={() => embla?.scrollTo(position)}
              aria-label={`Фото ${position + 1}`}
              aria-pressed={position === index}
              className={classes.thumb}
              data-active={position === index || undefined}
            >
              <ShopImage name={name} alt="" w={64} h={85} fit="contain" sizes="64px" />
            </UnstyledButton>
          ))}
        </Group>
      )}
      {viewing && (
        <Suspense fallback={null}>
          <PhotoViewer
            images={images}
            alt={alt}
            start={index}
            onClose={(last) => {
              setViewing(false);
              embla?.scrollTo(last, true);
            }}
          />
        </Suspense>
      )}
    </Box>
  );
}
