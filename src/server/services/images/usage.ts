import type { Db } from '../../db/connection.js';

/**
 * Something that may show an image, and how to find the ids of its rows that do. Adding a new
 * kind of user (slides, news posts, reviews) is one more entry in `imageUsageSources`.
 */
export interface ImageUsageSource {
  /** Russian, plural: how the refusal names this kind of row. */
  label: string;
  usedBy(db: Db, name: string): Promise<number[]>;
}

export const imageUsageSources: readonly ImageUsageSource[] = [];

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

/** «товары: 12, 15; бренды: 3; категории: 7» */
export function describeImageUsage(usage: readonly ImageUsage[]): string {
  return usage.map(({ label, ids }) => `${label}: ${ids.join(', ')}`).join('; ');
}
