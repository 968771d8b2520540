import { ShopCarousel } from './ShopCarousel';
import { Modal, Text, UnstyledButton } from '@mantine/core';
import { useState, type PointerEvent } from 'react';
import { ShopImage } from './ShopImage';
import classes from './PhotoViewer.module.css';

interface PhotoViewerProps {
  images: string[];
  alt: string;
  start: number;
  onClose: (last: number) => void;
}

/**
 * A product's photos on the whole screen: swipe or arrows between them, a click (or tap) zooms
 * 2.5× into the point clicked and the zoomed picture follows the pointer; a second click zooms out.
 * Escape or «Закрыть» closes. Phones may also pinch-zoom (the page does not forbid it).
 */
export default function PhotoViewer({ images, alt, start, onClose }: PhotoViewerProps) {
  const [index, setIndex] = useState(start);
  const [zoom, setZoom] = useState<{ x: number; y: number } | null>(null);

  const follow = (event: PointerEvent<HTMLElement>) => {
    if (!zoom) return;
    const box = event.currentTarget.getBoundingClientRect();
    setZoom({ x: ((event.clientX - box.left) / box.width) * 100, y: ((event.clientY - box.top) / box.height) * 100 });
  };

  return (
    <Modal
      opened
      onClose={() => onClose(index)}
      fullScreen
      title={`${alt}: фото ${index + 1} из ${images.length}`}
      closeButtonProps={{ 'aria-label': 'Закрыть' }}
      classNames={{ body: classes.body }}
    >
      <ShopCarousel
        initialSlide={start}
        onSlideChange={(next) => {
          setIndex(next);
          setZoom(null);
        }}
        withControls={images.length > 1}
        withIndicators={false}
        height="calc(100dvh - 90px)"
        emblaOptions={{ watchDrag: !zoom }}
        previousControlProps={{ 'aria-label': 'Предыдущее фото' }}
        nextControlProps={{ 'aria-label': 'Следующее фото' }}
      >
        {images.map((name, position) => (
          <ShopCarousel.Slide key={name} className={classes.slide}>
            <UnstyledButton
              className={classes.picture}
              data-zoomed={(zoom && position === index) || undefined}
              aria-label={zoom && position === index ? 'Уменьшить' : 'Увеличить'}
              onClick={(event) => {
                const box = event.currentTarget.getBoundingClientRect();
                setZoom(zoom ? null : { x: ((event.clientX - box.left) / box.width) * 100, y: ((event.clientY - box.top) / box.height) * 100 });
              }}
              onPointerMove={follow}
              style={zoom && position === index ? { transformOrigin: `${zoom.x}% ${zoom.y}%` } : undefined}
            >
              <ShopImage name={name} alt={`${alt}, фото ${position + 1}`} fit="contain" h="100%" w="100%" sizes="100vw" />
            </UnstyledButton>
          </ShopCarousel.Slide>
        ))}
      </ShopCarousel>
      <Text size="sm" c="dimmed" ta="center" mt={4}>
        Нажмите на фото, чтобы увеличить
      </Text>
    </Modal>
  );
}
