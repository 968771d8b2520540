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

/** Object-store writes at a time for one upload (each width of each file is one object). */
const putsAtATime = 4;

/** An encoded image with the name it is stored under. */
interface NamedImage extends ImageToStore {
  name: string;
}

function widthKeys(images: readonly NamedImage[]): string[] {
  return images.flatMap(({ name, image }) => image.widths.map(({ width }) => imageBlobKey(name, width)));
}

/** Writes every width of `images` to the store, a few at a time. */
async function putBytes(db: Db, store: ImageStore, images: readonly NamedImage[]): Promise<void> {
  const writes = images.flatMap(({ name, image }) => image.widths.map(({ width, bytes }) => () => store.put(db, imageBlobKey(name, width), bytes)));
  for (let start = 0; start < writes.length; start += putsAtATime) await Promise.all(writes.slice(start, start + putsAtATime).map((write) => write()));
}

/**
 * Stores encoded images in one transaction: either every file of an upload is kept or none is. An
 * object store gets the bytes before the transaction (which may run more than once) and without
 * holding it open; if the transaction fails they are removed again, and whatever a crash leaves
 * is an unreferenced object that the hourly sweep removes (docs/media.md, "Object storage").
 */
export async function storeEncoded(db: Db, store: ImageStore, images: readonly ImageToStore[], uploader?: Uploader): Promise<string[]> {
  const named = images.map((image) => ({ ...image, name: generateImageName() }));
  if (!store.transactional) await putBytes(db, store, named);
  try {
    return await inTransaction(db, async (trx) => {
      if (uploader?.quotaPerDay !== undefined) await assertUploadQuota(trx, uploader.userId, images.length, uploader.quotaPerDay, true);
      return insertNamed(trx, store, named, uploader?.userId ?? null);
    });
  } catch (error) {
    if (!store.transactional) await store.remove(db, widthKeys(named)).catch(() => undefined);
    throw error;
  }
}

/** Writes encoded images under new names; the caller provides the transaction. */
export async function insertImages(db: Db, store: ImageStore, images: readonly ImageToStore[], uploadedBy: number | null = null): Promise<string[]> {
  const named = images.map((image) => ({ ...image, name: generateImageName() }));
  if (!store.transactional) await putBytes(db, store, named);
  return insertNamed(db, store, named, uploadedBy);
}

/** The metadata rows (and, for the database store, the bytes) of named images. */
async function insertNamed(db: Db, store: ImageStore, images: readonly NamedImage[], uploadedBy: number | null): Promise<string[]> {
  for (const { name, originalName, size, image } of images) {
    await db
      .insertInto('images')
      .values({ name, originalName: cleanOriginalName(originalName), mimeType: image.mimeType, size, width: image.width, height: image.height, uploadedBy })
      .execute();
    await db
      .insertInto('imageVariants')
      .values(image.widths.map(({ width, height, bytes, etag }) => ({ imageName: name, width, height, size: bytes.length, etag })))
      .execute();
  }
  if (store.transactional) await putBytes(db, store, images);
  return images.map(({ name }) => name);
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
  /** Bytes of this width (the Content-Length of a streamed answer). */
  size: number;
}

/** The encoded width to serve: the narrowest at least as wide as asked, else the widest there is. */
export async function chooseWidth(db: Db, name: string, requested: number | undefined): Promise<ServedWidth | undefined> {
  const widths = await db.selectFrom('imageVariants').select(['width', 'etag', 'size']).where('imageName', '=', name).orderBy('width').execute();
  if (requested === undefined) return widths.at(-1);
  return widths.find((candidate) => candidate.width >= requested) ?? widths.at(-1);
}

/**
 * An image that something shows cannot be deleted (no broken pictures); the refusal names what uses
 * it, «Удалить невозможно, Файл используется в товары: 12; бренды: 3».
 */
export async function deleteImage(db: Db, store: ImageStore, name: string): Promise<void> {
  const keys = await db.transaction().execute(async (trx) => {
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
    const widthKeys = widths.map(({ width }) => imageBlobKey(name, width));
    if (store.transactional) await store.remove(trx, widthKeys);
    return widthKeys;
  });
  // An object store's bytes go once the rows are gone for good; objects a failure here leaves are
  // referenced by nothing, and the hourly sweep removes them.
  if (!store.transactional) await store.remove(db, keys).catch(() => undefined);
}

function isForeignKeyViolation(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === '23503';
}
