import { Image, type ImageProps } from '@mantine/core';
import { imageUrl, imageWidths } from '../../shared/media.js';

export { imageUrl };

export type ShopImageProps = { name: string | null | undefined; alt: string; sizes?: string } & Omit<ImageProps, 'src'>;

/** A neutral picture frame for a product, brand or category without an image. */
export const imagePlaceholder =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400"><rect width="400" height="400" fill="#f1f3f5"/>' +
      '<path d="M130 260l50-60 35 40 30-35 55 55z" fill="#ced4da"/><circle cx="250" cy="160" r="18" fill="#ced4da"/></svg>',
  );

/**
 * An uploaded image with a `srcset` over the encoded widths, so that a phone downloads a small
 * file; `sizes` tells the browser how wide the picture is shown (default: a product card).
 */
export function ShopImage({ name, alt, sizes = '(max-width: 48em) 50vw, 300px', ...props }: ShopImageProps) {
  if (!name) return <Image src={imagePlaceholder} alt={alt} {...props} />;
  return (
    <Image
      src={imageUrl(name, 400)}
      srcSet={imageWidths.map((width) => `${imageUrl(name, width)} ${width}w`).join(', ')}
      sizes={sizes}
      alt={alt}
      loading="lazy"
      decoding="async"
      fallbackSrc={imagePlaceholder}
      {...props}
    />
  );
}
