import { TRPCError } from '@trpc/server';
import { randomBytes } from 'node:crypto';
import { domainMessages, statusMessages } from '../../../shared/errors.js';
import type { Db } from '../../db/connection.js';
import { inTransaction } from '../../db/transaction.js';
import { encodeImage, NotAnImageError, type EncodedImage } from './encode.js';
import { imageBlobKey, type ImageStore } from './store.js';
import { assertUploadQuota } from '../reviews/photos.js';
import { describeImageUsage, findImageUsage } from './usage.js';

export interface UploadedFile {
  originalName: string;
  bytes: Buffer;
}

/** Uploaded names may carry a path (old browsers) or control characters; keep a readable base name. */
export function cleanOriginalName(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, 255);
  return clean || 'image';
}

function generateImageName(): string {
  return `${randomBytes(16).toString('hex')}.webp`;
}

/** An encoded image ready to be written, with what is kept of the upload. */
export interface ImageToStore {
  originalName: string;
  size: number;
  image: EncodedImage;
}

/**
 * Encodes one uploaded file (a file that is not an image fails, named). The caller encodes each
 * file as it arrives and lets the original go: only the encoded widths are held until all are
 * stored together by `storeEncoded`.
 */
export async function encodeUpload(file: UploadedFile): Promise<ImageToStore> {
  return { originalName: file.originalName, size: file.bytes.length, image: await encodeNamed(file) };
}

/** Who uploads: recorded on each image; a shopper (not an Admin) is held to a daily quota. */
export interface Uploader {
  userId: number;
  /** Images a day for a non-admin; undefined for an Admin (no quota). */
  quotaPerDay: number | undefined;
}

/** Stores encoded images in one transaction: either every file of an upload is kept or none is. */
export function storeEncoded(db: Db, store: ImageStore, images: readonly ImageToStore[], uploader?: Uploader): Promise<string[]> {
  return inTransaction(db, async (trx) => {
    if (uploader?.quotaPerDay !== undefined) await assertUploadQuota(trx, uploader.userId, images.length, uploader.quotaPerDay, true);
    return insertImages(trx, store, images, uploader?.userId ?? null);
  });
}

/** Writes encoded images under new names; the caller provides the transaction. */
export async function insertImages(db: Db, store: ImageStore, images: readonly ImageToStore[], uploadedBy: number | null = null): Promise<string[]> {
  const names: string[] = [];
  for (const { originalName, size, image } of images) {
    const name = generateImageName();
    await db
      .insertInto('images')
      .values({ name, originalName: cleanOriginalName(originalName), mimeType: image.mimeType, size, width: image.width, height: image.height, uploadedBy })
      .execute();
    await db
      .insertInto('imageVariants')
      .values(image.widths.map(({ width, height, bytes, etag }) => ({ imageName: name, width, height, size: bytes.length, etag })))
      .execute();
    for (const { width, bytes } of image.widths) await store.put(db, imageBlobKey(name, width), bytes);
    names.push(name);
  }
  return names;
}

async function encodeNamed(file: UploadedFile): Promise<EncodedImage> {
  try {
    return await encodeImage(file.bytes);
  } catch (error) {
    if (error instanceof NotAnImageError) throw new NotAnImageError(cleanOriginalName(file.originalName));
    throw error;
  }
}

export interface ServedWidth {
  width: number;
  etag: string;
}

/** The encoded width to serve: the narrowest at least as wide as asked, else the widest there is. */
export async function chooseWidth(db: Db, name: string, requested: number | undefined): Promise<ServedWidth | undefined> {
  const widths = await db.selectFrom('imageVariants').select(['width', 'etag']).where('imageName', '=', name).orderBy('width').execute();
  if (requested === undefined) return widths.at(-1);
  return widths.find((candidate) => candidate.width >= requested) ?? widths.at(-1);
}

/**
 * An image that something shows cannot be deleted (no broken pictures); the refusal names what uses
 * it, «Удалить невозможно, Файл используется в товары: 12; бренды: 3».
 */
export async function deleteImage(db: Db, store: ImageStore, name: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const image = await trx.selectFrom('images').select('name').where('name', '=', name).forUpdate().executeTakeFirst();
    if (!image) throw new TRPCError({ code: 'NOT_FOUND' });
    const usage = await findImageUsage(trx, name);
    if (usage.length) throw new TRPCError({ code: 'CONFLICT', message: domainMessages.imageInUsePrefix + describeImageUsage(usage) });
    const widths = await trx.selectFrom('imageVariants').select('width').where('imageName', '=', name).execute();
    try {
      await trx.deleteFrom('images').where('name', '=', name).execute();
    } catch (error) {
      // A table outside the usage sources references the image: it is in use, but nothing can be named.
      if (isForeignKeyViolation(error)) throw new TRPCError({ code: 'CONFLICT', message: statusMessages[500], cause: error });
      throw error;
    }
    await store.remove(
      trx,
      widths.map(({ width }) => imageBlobKey(name, width)),
    );
  });
}

function isForeignKeyViolation(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === '23503';
}
