import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';

/**
 * Something that may show an image, and how to find the ids of its rows that do. Adding a new
 * kind of user (slides, news posts, reviews) is one more entry in `imageUsageSources`.
 */
export interface ImageUsageSource {
  /** Russian, prepositional plural (after «используется в»): «товарах», «брендах». */
  label: string;
  usedBy(db: Db, name: string): Promise<number[]>;
}

/** The rows of a table whose one `image` column names the image. */
async function rowsWithImage(db: Db, table: 'brands' | 'categories' | 'slides', name: string): Promise<number[]> {
  const rows = await db.selectFrom(table).select('id').where('image', '=', name).execute();
  return rows.map((row) => row.id);
}

/** Every kind of row that may show an image; a product's variants count as the product. */
export const imageUsageSources: readonly ImageUsageSource[] = [
  {
    label: 'товарах',
    async usedBy(db, name) {
      const rows = await db
        .selectFrom('products')
        .select('id')
        .where('image', '=', name)
        .union(db.selectFrom('productVariants').select('productId as id').where('images', '@>', sql<string[]>`array[${name}]::text[]`))
        .execute();
      return rows.map((row) => row.id);
    },
  },
  { label: 'брендах', usedBy: (db, name) => rowsWithImage(db, 'brands', name) },
  { label: 'категориях', usedBy: (db, name) => rowsWithImage(db, 'categories', name) },
  {
    label: 'отзывах',
    async usedBy(db, name) {
      const rows = await db.selectFrom('reviews').select('id').where('images', '@>', sql<string[]>`array[${name}]::text[]`).execute();
      return rows.map((row) => row.id);
    },
  },
  { label: 'слайдах', usedBy: (db, name) => rowsWithImage(db, 'slides', name) },
  {
    // The post's picture, or a picture inside its text (`/api/images/<name>`).
    label: 'новостях',
    async usedBy(db, name) {
      const rows = await db
        .selectFrom('news')
        .select('id')
        .where((eb) => eb.or([eb('image', '=', name), eb('body', 'like', `%/api/images/${name}%`)]))
        .execute();
      return rows.map((row) => row.id);
    },
  },
];

export interface ImageUsage {
  label: string;
  ids: number[];
}

/** Every row that shows the image, grouped by kind; empty when nothing does. */
export async function findImageUsage(db: Db, name: string, sources: readonly ImageUsageSource[] = imageUsageSources): Promise<ImageUsage[]> {
  const found: ImageUsage[] = [];
  for (const source of sources) {
    const ids = await source.usedBy(db, name);
    if (ids.length) found.push({ label: source.label, ids: [...new Set(ids)].sort((a, b) => a - b) });
  }
  return found;
}

/** «товарах: 12, 15; брендах: 3; категориях: 7» (after «Файл используется в ») */
export function describeImageUsage(usage: readonly ImageUsage[]): string {
  return usage.map(({ label, ids }) => `${label}: ${ids.join(', ')}`).join('; ');
}
