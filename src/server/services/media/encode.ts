import { createHash } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import { imageWidths, maxImageWidth } from '../../../shared/media.js';
import { WorkQueue } from '../platform/work-queue.js';

/**
 * Images are encoded two at a time per process, whatever the number of uploads: each holds one
 * decoded picture (at most 1600 px wide) and its WebP widths in memory while it is encoded.
 */
const encodings = new WorkQueue(2);

// libvips' operation cache would keep decoded pictures after their request is done.
sharp.cache(false);

/** Formats accepted, by sharp's name for them, with the MIME type kept for the original. */
const acceptedFormats: Readonly<Record<string, string>> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  heif: 'image/avif',
};

/** A decompression bomb is refused before it is decoded (about 8 000 × 8 000 pixels). */
const maxInputPixels = 64_000_000;

const webpQuality = 76;

export interface EncodedWidth {
  width: number;
  height: number;
  bytes: Buffer;
  etag: string;
}

export interface EncodedImage {
  mimeType: string;
  width: number;
  height: number;
  /** Narrowest first. */
  widths: EncodedWidth[];
}

export interface EncodeOptions {
  /** WebP effort 0–6: uploads use 4; bulk work that favours speed (demo data) may use less. */
  effort?: number;
}

/** The bytes are not an image we accept (wrong format, SVG, broken file). */
export class NotAnImageError extends Error {
  constructor(readonly fileName = '') {
    super(`Not an accepted image: ${fileName}`);
  }
}

/** The widths to encode: the standard ones narrower than the original, and the original's own (capped). */
export function targetWidths(originalWidth: number): number[] {
  const largest = Math.min(originalWidth, maxImageWidth);
  const narrower = imageWidths.filter((width) => width < largest);
  return [...narrower, largest];
}

async function readMetadata(bytes: Buffer): Promise<Metadata> {
  try {
    return await sharp(bytes, { limitInputPixels: maxInputPixels }).metadata();
  } catch {
    throw new NotAnImageError();
  }
}

/**
 * Reads the real format from the bytes (never from the file name or the declared type), then
 * encodes the image once into WebP at a bounded set of widths. Re-encoding turned by the EXIF
 * orientation drops every piece of metadata (EXIF, GPS, XMP); animated GIF and WebP stay animated.
 */
export function encodeImage(bytes: Buffer, options: EncodeOptions = {}): Promise<EncodedImage> {
  return encodings.run(() => encodeNow(bytes, options));
}

async function encodeNow(bytes: Buffer, options: EncodeOptions): Promise<EncodedImage> {
  const metadata = await readMetadata(bytes);
  const mimeType = metadata.format ? acceptedFormats[metadata.format] : undefined;
  // HEIF also covers HEIC (HEVC), which this build of libvips cannot decode: only AVIF is accepted.
  if (!mimeType || (metadata.format === 'heif' && metadata.compression !== 'av1')) throw new NotAnImageError();

  const { width, height } = metadata.autoOrient;
  const animated = (metadata.pages ?? 1) > 1 && (metadata.format === 'gif' || metadata.format === 'webp');
  const webp = { quality: webpQuality, effort: options.effort ?? 4 };
  try {
    const widths = animated ? await encodeAnimated(bytes, width, webp) : await encodeStill(bytes, width, webp);
    return { mimeType, width, height, widths };
  } catch {
    throw new NotAnImageError();
  }
}

type WebpOptions = { quality: number; effort: number };

/**
 * A still image is decoded once, straight to the largest width kept (JPEG shrinks while it
 * decodes), and every narrower width is made from those pixels: one decode per file.
 */
async function encodeStill(bytes: Buffer, originalWidth: number, webp: WebpOptions): Promise<EncodedWidth[]> {
  const targets = targetWidths(originalWidth);
  const largest = targets[targets.length - 1]!;
  const { data, info } = await sharp(bytes, { limitInputPixels: maxInputPixels, failOn: 'error' })
    .autoOrient()
    .resize({ width: largest, withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  return Promise.all(
    targets.map(async (target) => {
      const pipeline = target >= info.width ? sharp(data, raw) : sharp(data, raw).resize({ width: target });
      const encoded = await pipeline.webp(webp).toBuffer({ resolveWithObject: true });
      return { width: encoded.info.width, height: encoded.info.height, bytes: encoded.data, etag: etagOf(encoded.data) };
    }),
  );
}

/** An animation keeps its frames: each width is made from the original, one after the other. */
async function encodeAnimated(bytes: Buffer, originalWidth: number, webp: WebpOptions): Promise<EncodedWidth[]> {
  const widths: EncodedWidth[] = [];
  for (const target of targetWidths(originalWidth)) {
    const { data, info } = await sharp(bytes, { animated: true, limitInputPixels: maxInputPixels, failOn: 'error' })
      .autoOrient()
      .resize({ width: target, withoutEnlargement: true })
      .webp(webp)
      .toBuffer({ resolveWithObject: true });
    widths.push({ width: info.width, height: info.pageHeight ?? info.height, bytes: data, etag: etagOf(data) });
  }
  return widths;
}

function etagOf(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('base64url').slice(0, 32);
}
