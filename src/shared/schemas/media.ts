import { imageNamePattern } from '../media.js';
import { z } from '../zod.js';
import { listOf, listResponse, pagingShape, wholeNumber } from './common.js';

/** A stored image's generated name; anything else (a path, `..`) is refused before it reaches storage. */
export const imageNameSchema = z.string().regex(imageNamePattern, 'Неверное имя файла');

/** An image as the API shows it: name, url (/api/images/{name}), originalName, mimeType, size. */
export const imageSchema = z.object({
  name: z.string(),
  url: z.string(),
  originalName: z.string(),
  /** The uploaded file's type as read from its bytes (what is served is always WebP). */
  mimeType: z.string(),
  /** The uploaded file's size in bytes. */
  size: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  createdAt: z.iso.datetime(),
});
export type ImageInfo = z.infer<typeof imageSchema>;

/** GET /images with filename, originalName, mimeType, size, limit, offset. */
export const imageListSchema = z.object({
  filename: z.string().trim().max(200).optional(),
  originalName: z.string().trim().max(200).optional(),
  mimeType: z.string().trim().max(100).optional(),
  size: wholeNumber(0).optional(),
  /** Exactly these names (the upload widget asks for the images a form holds). */
  names: listOf(imageNameSchema),
  ...pagingShape,
});

export const imageListResponseSchema = listResponse(imageSchema);

export const imageFileNameSchema = z.object({ fileName: imageNameSchema });

/** POST /images answers the stored names, in the order the files were sent. */
export const uploadResponseSchema = z.array(z.string());
