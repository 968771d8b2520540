import type { CreatedAt, Defaulted } from './columns.js';

/** One uploaded image: what the uploader sent (name, type read from the bytes, size) and its pixels. */
export interface ImagesTable {
  /** Generated, e.g. `3f2a…c1.webp`; never the uploaded name. */
  name: string;
  originalName: string;
  mimeType: string;
  size: number;
  width: number;
  height: number;
  /** Who uploaded it (reviews' photo rules); null for older uploads and deleted users. */
  uploadedBy: Defaulted<number | null>;
  createdAt: CreatedAt;
}

/** One encoded width of an image; its bytes live in the image store under `imageBlobKey`. */
export interface ImageVariantsTable {
  imageName: string;
  width: number;
  height: number;
  size: number;
  /** Strong validator of these bytes (a hash), sent as the ETag. */
  etag: string;
}

/** The database image store: bytes by key. */
export interface ImageBlobsTable {
  key: string;
  bytes: Buffer;
}

/** Tables of the media domain (uploaded images, their encoded widths, and the bytes). */
export interface MediaTables {
  images: ImagesTable;
  imageVariants: ImageVariantsTable;
  imageBlobs: ImageBlobsTable;
}
