/**
 * Image widths and URLs, shared by the server (which encodes every upload once at these widths)
 * and the storefront (which lists them in `srcset`). Kept free of zod: the storefront's first
 * bundle imports it.
 */

/** Every upload is re-encoded to WebP at these widths (px), never wider than the original. */
export const imageWidths = [200, 400, 800, 1200, 1600] as const;

/** The largest width kept; a wider original is scaled down to it. */
export const maxImageWidth = imageWidths[imageWidths.length - 1]!;

/** Generated names: 32 hex digits and the extension of the stored format. */
export const imageNamePattern = /^[0-9a-f]{32}\.webp$/;

/** An image is served under /api/images/{name}; `width` picks an encoded width. */
export function imageUrl(name: string, width?: number): string {
  const path = `/api/images/${encodeURIComponent(name)}`;
  return width ? `${path}?w=${width}` : path;
}
