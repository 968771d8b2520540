import { Carousel, type CarouselProps } from '@mantine/carousel';
import { VisuallyHidden } from '@mantine/core';
import { Children, useState } from 'react';
import classes from './ShopCarousel.module.css';

interface ShopCarouselProps extends Omit<CarouselProps, 'classNames'> {
  /** A class for the root (Mantine's per-part classNames are not needed by the shop's carousels). */
  rootClassName?: string;
}

/**
 * Mantine's carousel speaking Russian to screen readers: «карусель», «Слайд 2 из 5» (its built-in
 * English live region is hidden), «Перейти к слайду N» on indicators. Controls' names stay the
 * caller's (they say what is scrolled: photos, slides, products).
 */
export function ShopCarousel({ children, onSlideChange, rootClassName, getIndicatorProps, ...props }: ShopCarouselProps) {
  const [selected, setSelected] = useState(props.initialSlide ?? 0);
  const count = Children.count(children);
  return (
    <>
      <Carousel
        aria-roledescription="карусель"
        {...props}
        classNames={{ root: rootClassName ? `${classes.root} ${rootClassName}` : classes.root }}
        getIndicatorProps={(index) => ({ 'aria-label': `Перейти к слайду ${index + 1}`, ...getIndicatorProps?.(index) })}
        onSlideChange={(index) => {
          setSelected(index);
          onSlideChange?.(index);
        }}
      >
        {children}
      </Carousel>
      {count > 1 && (
        <VisuallyHidden role="status" aria-live="polite" aria-atomic="true">
          {`Слайд ${selected + 1} из ${count}`}
        </VisuallyHidden>
      )}
    </>
  );
}

ShopCarousel.Slide = Carousel.Slide;
