import '@mantine/carousel/styles.css';
import { ShopCarousel } from '../../ui/ShopCarousel';
import { ActionIcon, Box, Skeleton } from '@mantine/core';
import { IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import type { EmblaCarouselType } from 'embla-carousel';
import { useEffect, useState } from 'react';
import { trpc } from '../../trpc';
import { BannerSlide } from './BannerSlide';
import classes from './HomeBanner.module.css';

const AUTOPLAY_MS = 5000;

/**
 * The home page's banner: slides with real text over the picture (BannerSlide), swiped on a
 * phone or moved by the arrows (at the sides on a desktop, under the text on a phone, never over
 * it), and moving on by itself every 5 s (no dots: their targets are too small to touch, WCAG
 * 2.5.8) except while the pointer is over it, focus is inside it, the shopper paused it (WCAG
 * 2.2.2) or prefers reduced motion.
 */
export default function HomeBanner() {
  const slides = trpc.content.slides.list.useQuery({});
  const [embla, setEmbla] = useState<EmblaCarouselType | null>(null);
  const [current, setCurrent] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [paused, setPaused] = useState(() => typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches);
  const rows = slides.data?.rows ?? [];
  const moving = !hovered && !focused && !paused && rows.length > 1;

  useEffect(() => {
    if (!embla || !moving) return;
    const timer = window.setInterval(() => embla.scrollNext(), AUTOPLAY_MS);
    return () => window.clearInterval(timer);
  }, [embla, moving]);

  // The slide's own box (8:3, or at least 17rem on a phone), so nothing jumps when the slides arrive.
  if (slides.isPending) return <Skeleton radius="lg" className={classes.slide} />;
  if (!rows.length) return null;
  return (
    <Box
      component="section"
      aria-roledescription="карусель"
      aria-label="Акции магазина"
      pos="relative"
      data-autoplay={moving ? 'on' : 'off'}
      data-current={current}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
    >
      <ShopCarousel
        getEmblaApi={setEmbla}
        withIndicators={false}
        onSlideChange={setCurrent}
        withControls={rows.length > 1}
        controlSize={40}
        controlsOffset="sm"
        rootClassName={classes.root}
        emblaOptions={{ loop: true }}
        previousControlProps={{ 'aria-label': 'Предыдущий слайд' }}
        nextControlProps={{ 'aria-label': 'Следующий слайд' }}
        styles={{ root: { borderRadius: 'var(--mantine-radius-lg)', overflow: 'hidden' } }}
      >
        {rows.map((slide, index) => (
          <ShopCarousel.Slide key={slide.id} role="group" aria-roledescription="слайд" aria-label={`${index + 1} из ${rows.length}`}>
            <BannerSlide slide={slide} index={index} total={rows.length} />
          </ShopCarousel.Slide>
        ))}
      </ShopCarousel>
      {rows.length > 1 && (
        <ActionIcon
          variant="white"
          color="dark"
          radius="xl"
          size="lg"
          className={classes.pause}
          onClick={() => setPaused((value) => !value)}
          aria-label={paused ? 'Продолжить показ слайдов' : 'Остановить показ слайдов'}
        >
          {paused ? <IconPlayerPlay size={18} /> : <IconPlayerPause size={18} />}
        </ActionIcon>
      )}
    </Box>
  );
}
