import { Button } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Slide } from '../../../shared/schemas/content.js';
import { ShopImage } from '../../ui/ShopImage';
import classes from './HomeBanner.module.css';

/** A shop path goes through the router; an http(s) address is an ordinary link. */
function SlideAnchor({ link, className, children }: { link: string; className?: string; children: ReactNode }) {
  if (link.startsWith('/')) {
    return (
      <Link to={link} className={className}>
        {children}
      </Link>
    );
  }
  return (
    <a href={link} rel="noopener" className={className}>
      {children}
    </a>
  );
}

/**
 * One slide: a heading, a subtitle and a button as real text over the picture (which is then
 * decorative, alt=""). Without a button text the heading is the link and covers the slide; a
 * slide with no text at all is a picture named «Слайд N из M», a link as a whole when it has one.
 */
export function BannerSlide({ slide, index, total }: { slide: Slide; index: number; total: number }) {
  const hasText = Boolean(slide.title || slide.subtitle || slide.buttonText);
  const picture = (
    <ShopImage
      name={slide.image}
      alt={hasText ? '' : `Слайд ${index + 1} из ${total}`}
      className={classes.picture}
      sizes="(max-width: 75em) 100vw, 1200px"
    />
  );
  if (!hasText) {
    return (
      <div className={`${classes.slide} ${classes.pictureOnly}`}>
        {slide.link ? (
          <SlideAnchor link={slide.link} className={classes.stretched}>
            {picture}
          </SlideAnchor>
        ) : (
          picture
        )}
      </div>
    );
  }
  const withButton = Boolean(slide.link && slide.buttonText);
  // Without a button, the first line of text is the link (stretched over the slide).
  const linked = (text: string) =>
    slide.link && !withButton ? (
      <SlideAnchor link={slide.link} className={classes.stretched}>
        {text}
      </SlideAnchor>
    ) : (
      text
    );
  return (
    <div className={classes.slide}>
      {picture}
      <div className={classes.text}>
        {slide.title && <h2 className={classes.title}>{linked(slide.title)}</h2>}
        {slide.subtitle && <p className={classes.subtitle}>{slide.title ? slide.subtitle : linked(slide.subtitle)}</p>}
        {withButton && <SlideButton link={slide.link} text={slide.buttonText} />}
      </div>
    </div>
  );
}

function SlideButton({ link, text }: { link: string; text: string }) {
  const look = { variant: 'white', color: 'dark', size: 'md', radius: 'xl' } as const;
  if (link.startsWith('/')) {
    return (
      <Button component={Link} to={link} {...look}>
        {text}
      </Button>
    );
  }
  return (
    <Button component="a" href={link} rel="noopener" {...look}>
      {text}
    </Button>
  );
}
