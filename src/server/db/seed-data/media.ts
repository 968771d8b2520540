import { sql, type Transaction } from 'kysely';
import sharp from 'sharp';
import type { Database } from '../schema.js';
import { firstLinkedName } from '../../services/catalogue/first-link.js';
import { encodeImage } from '../../services/media/encode.js';
import { insertImages, type ImageToStore } from '../../services/media/library.js';
import { databaseImageStore, type ImageStore } from '../../services/media/store.js';
import { drawSilhouette, silhouetteKind } from './silhouettes.js';
import { neverStop, stopIfAsked, type SeedStop } from '../seed-stop.js';

/**
 * Demo pictures, drawn here rather than downloaded (the shop must start without internet): a soft
 * background in the product's colour with the silhouette of its kind of goods (a sneaker, a
 * bottle, dumbbells… — seed-data/silhouettes.ts; a product of a kind not drawn there gets a shape
 * and its category's initials); a letter tile for each category; a wordmark for each brand. One
 * picture serves every variant of the same colour and kind, which keeps seeding to a few seconds.
 */

const palette = ['#4c6ef5', '#12b886', '#fa5252', '#fab005', '#7950f2', '#15aabf', '#e64980', '#82c91e', '#fd7e14', '#228be6'];
const neutral = '#868e96';

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function initials(name: string): string {
  const words = name.split(/[\s-]+/).filter(Boolean);
  const letters = words.length > 1 ? `${words[0]![0]}${words[1]![0]}` : (words[0] ?? '?').slice(0, 2);
  return letters.toUpperCase();
}

function rgb(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

/** The colour mixed with white: `amount` 0 keeps it, 1 gives white. */
function tint(hex: string, amount: number): string {
  const [r, g, b] = rgb(hex).map((channel) => Math.round(channel + (255 - channel) * amount));
  return `rgb(${r},${g},${b})`;
}

function isDark(hex: string): boolean {
  const [r, g, b] = rgb(hex);
  return 0.299 * r + 0.587 * g + 0.114 * b < 150;
}

/** A few silhouettes, so that neighbouring categories do not all look alike. */
const productShapes = [
  (fill: string, stroke: string) => `<rect x="200" y="170" width="400" height="460" rx="70" fill="${fill}" stroke="${stroke}" stroke-width="6"/>`,
  (fill: string, stroke: string) => `<circle cx="400" cy="400" r="240" fill="${fill}" stroke="${stroke}" stroke-width="6"/>`,
  (fill: string, stroke: string) => `<rect x="270" y="120" width="260" height="540" rx="110" fill="${fill}" stroke="${stroke}" stroke-width="6"/>`,
  (fill: string, stroke: string) =>
    `<path d="M290 270 Q290 170 400 170 Q510 170 510 270" fill="none" stroke="${stroke}" stroke-width="26"/><rect x="150" y="260" width="500" height="380" rx="60" fill="${fill}" stroke="${stroke}" stroke-width="6"/>`,
];

function hashOf(text: string): number {
  let hash = 0;
  for (const char of text) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return hash;
}

/** The start of every product picture: the canvas, its gradients (`bg`, `body`) and the backdrop. */
function productSvgBackdrop(color: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800">
  <defs>
    <radialGradient id="bg" cx="50%" cy="40%" r="75%"><stop offset="0" stop-color="${tint(color, 0.93)}"/><stop offset="1" stop-color="${tint(color, 0.75)}"/></radialGradient>
    <linearGradient id="body" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${tint(color, 0.25)}"/><stop offset="1" stop-color="${color}"/></linearGradient>
  </defs>
  <rect width="800" height="800" fill="url(#bg)"/>`;
}

function productSvg(color: string, category: string, kind: string | null): string {
  const ink = isDark(color) ? '#ffffff' : '#343a40';
  const stroke = isDark(color) ? tint(color, 0.45) : '#495057';
  const silhouette = kind ? drawSilhouette(kind, 'url(#body)', stroke) : null;
  if (silhouette) {
    return `${productSvgBackdrop(color)}
  <ellipse cx="400" cy="700" rx="260" ry="28" fill="#000" opacity="0.08"/>
  ${silhouette}
</svg>`;
  }
  const shape = productShapes[hashOf(category) % productShapes.length]!;
  return `${productSvgBackdrop(color)}
  <ellipse cx="400" cy="680" rx="230" ry="30" fill="#000" opacity="0.08"/>
  ${shape('url(#body)', tint(color, 0.1))}
  <text x="400" y="455" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="140" font-weight="700" text-anchor="middle" fill="${ink}" opacity="0.85">${escapeXml(initials(category))}</text>
</svg>`;
}

function categorySvg(name: string, color: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800">
  <rect width="800" height="800" fill="${tint(color, 0.85)}"/>
  <circle cx="620" cy="170" r="240" fill="${tint(color, 0.6)}"/>
  <circle cx="150" cy="690" r="170" fill="${tint(color, 0.7)}"/>
  <text x="400" y="470" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="220" font-weight="700" text-anchor="middle" fill="${color}">${escapeXml(initials(name))}</text>
</svg>`;
}

function brandSvg(name: string, color: string): string {
  const fontSize = Math.max(48, Math.min(120, Math.floor(1100 / Math.max(name.length, 1))));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="400">
  <rect width="800" height="400" fill="#ffffff"/>
  <rect x="250" y="285" width="300" height="10" rx="5" fill="${color}"/>
  <text x="400" y="240" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="${fontSize}" font-weight="700" text-anchor="middle" fill="#212529">${escapeXml(name)}</text>
</svg>`;
}

/** Drawn, rasterised as a JPEG (what an admin would upload), then encoded like any upload. */
async function picture(svg: string, originalName: string): Promise<ImageToStore> {
  const jpeg = await sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
  return { originalName, size: jpeg.length, image: await encodeImage(jpeg, { effort: 1 }) };
}

/** Runs `work` over `items`, a few at a time (sharp already spreads each image over the cores). */
async function inBatches<T, R>(items: readonly T[], work: (item: T) => Promise<R>, stop: SeedStop, size = 4): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += size) {
    stopIfAsked(stop);
    results.push(...(await Promise.all(items.slice(start, start + size).map(work))));
  }
  return results;
}

async function attachCategoryImages(trx: Transaction<Database>, store: ImageStore, stop: SeedStop): Promise<void> {
  const categories = await trx.selectFrom('categories').select(['id', 'name', 'url']).where('image', 'is', null).orderBy('id').execute();
  const pictures = await inBatches(categories, (category) => picture(categorySvg(category.name, palette[category.id % palette.length]!), `${category.url}.jpg`), stop);
  const names = await insertImages(trx, store, pictures);
  for (const [index, category] of categories.entries()) {
    await trx.updateTable('categories').set({ image: names[index]! }).where('id', '=', category.id).execute();
  }
}

async function attachBrandImages(trx: Transaction<Database>, store: ImageStore, stop: SeedStop): Promise<void> {
  const brands = await trx.selectFrom('brands').select(['id', 'name', 'url']).where('image', 'is', null).orderBy('id').execute();
  const pictures = await inBatches(brands, (brand) => picture(brandSvg(brand.name, palette[(brand.id * 3) % palette.length]!), `logo-${brand.url}.jpg`), stop);
  const names = await insertImages(trx, store, pictures);
  for (const [index, brand] of brands.entries()) {
    await trx.updateTable('brands').set({ image: names[index]! }).where('id', '=', brand.id).execute();
  }
}

async function attachVariantImages(trx: Transaction<Database>, store: ImageStore, stop: SeedStop): Promise<void> {
  const variants = await trx
    .selectFrom('productVariants as v')
    .leftJoin('colors as c', 'c.id', 'v.colorId')
    .innerJoin('products as p', 'p.id', 'v.productId')
    .select(['v.id', 'c.code', 'c.url as colorUrl', 'p.name as productName'])
    .select(firstLinkedName('category', 'v.productId').as('categoryName'))
    .where(sql<number>`cardinality(v.images)`, '=', 0)
    .orderBy('v.id')
    .execute();

  // One picture per colour × kind of goods (or × category, for a kind without a silhouette).
  const groups = new Map<string, { color: string; colorUrl: string; category: string; kind: string | null; variantIds: number[] }>();
  for (const variant of variants) {
    const color = variant.code ?? neutral;
    const category = variant.categoryName ?? 'Товар';
    const kind = silhouetteKind(variant.productName);
    const key = `${color}|${kind ?? category}`;
    const group = groups.get(key) ?? { color, colorUrl: variant.colorUrl ?? 'neutral', category, kind, variantIds: [] };
    group.variantIds.push(variant.id);
    groups.set(key, group);
  }
  const list = [...groups.values()];
  const pictures = await inBatches(list, (group) => picture(productSvg(group.color, group.category, group.kind), `product-${group.kind ?? 'item'}-${group.colorUrl}.jpg`), stop);
  const names = await insertImages(trx, store, pictures);
  for (const [index, group] of list.entries()) {
    await trx.updateTable('productVariants').set({ images: [names[index]!] }).where('id', 'in', group.variantIds).execute();
  }

  // The product row repeats its chosen variant's first image (the catalogue's variantSummary rule).
  await trx
    .updateTable('products')
    .set({
      image: sql<string>`(
        select v.images[1] from product_variants v
        where v.product_id = products.id and cardinality(v.images) > 0
        order by (v.stock > 0) desc, v.price, v.position, v.id
        limit 1
      )`,
    })
    .where('image', 'is', null)
    .execute();
}

/** Gives every demo category, brand and product variant without a picture one; runs after the catalogue seed. */
export async function seedMedia(trx: Transaction<Database>, store: ImageStore = databaseImageStore, stop: SeedStop = neverStop): Promise<void> {
  await attachCategoryImages(trx, store, stop);
  await attachBrandImages(trx, store, stop);
  await attachVariantImages(trx, store, stop);
}
