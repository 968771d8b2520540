import { sql } from 'kysely';
import type { Db } from '../../../db/connection.js';
import { escapeHtml } from '../../mail/html.js';

/** What the feed is built from, read in one snapshot with the change mark. */
export interface FeedData {
  mark: string;
  categories: Array<{ id: number; name: string; parentId: number | null }>;
  offers: OfferRow[];
}

interface OfferRow {
  id: number;
  barcode: string | null;
  variantId: number;
  price: number;
  oldPrice: number | null;
  images: string[];
  productId: number;
  name: string;
  url: string;
  desc: string;
  color: string | null;
  size: string | null;
  categoryId: number | null;
  vendor: string | null;
}

export interface FeedShop {
  publicUrl: string;
  shopName: string;
  company: string;
}

/** The catalogue's change mark (migration 0032): moves with every committed change the feed reads. */
export async function readChangeMark(db: Db): Promise<string> {
  const { rows } = await sql<{ mark: string }>`select coalesce(sum(n), 0)::text as mark from catalogue_change_marks`.execute(db);
  return rows[0]?.mark ?? '0';
}

/** Every item in stock of a product on sale, with what its offer shows. */
export async function readFeedData(trx: Db): Promise<FeedData> {
  const mark = await readChangeMark(trx);
  const categories = await trx.selectFrom('categories').select(['id', 'name', 'parentId']).orderBy('id').execute();
  const { rows: offers } = await sql<OfferRow>`
    select i.id, i.barcode, v.id as variant_id, v.price, v.old_price, v.images, p.id as product_id, p.name, p.url, p.desc,
      c.name as color, z.name as size,
      (select pc.category_id from product_categories pc where pc.product_id = p.id order by pc.category_id limit 1) as category_id,
      (select b.name from product_brands pb join brands b on b.id = pb.brand_id where pb.product_id = p.id order by b.name limit 1) as vendor
    from variant_items i
    join product_variants v on v.id = i.variant_id
    join products p on p.id = v.product_id
    left join colors c on c.id = v.color_id
    left join sizes z on z.id = i.size_id
    where i.stock > 0 and p.availability
    order by p.id, v.position, v.id, i.size_id nulls first`.execute(trx);
  return { mark, categories, offers };
}

/** Escaped for XML, without the control characters XML 1.0 does not allow. */
const allowedInXml = (char: string) => char >= ' ' || char === '\t' || char === '\n' || char === '\r';
const text = (value: string) => escapeHtml(hasControl(value) ? [...value].filter(allowedInXml).join('') : value);
function hasControl(value: string): boolean {
  for (let index = 0; index < value.length; index += 1) if (value.charCodeAt(index) < 32) return true;
  return false;
}
const rubles = (kopecks: number) => (kopecks % 100 === 0 ? String(kopecks / 100) : (kopecks / 100).toFixed(2));

/** Descriptions are stored as text; the feed takes plain text of at most 3 000 characters. */
function plain(desc: string): string {
  return desc.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 3000);
}

/** `yyyy-MM-ddTHH:mm+03:00`: the shop's time (Moscow), as YML expects. */
export function ymlDate(date: Date): string {
  const moscow = new Date(date.getTime() + 3 * 60 * 60 * 1000);
  return `${moscow.toISOString().slice(0, 16)}+03:00`;
}

function offer(row: OfferRow, shop: FeedShop): string {
  const price = Number(row.price);
  const oldPrice = row.oldPrice === null ? null : Number(row.oldPrice);
  const lines = [
    `<offer id="${row.id}" available="true">`,
    `<url>${text(`${shop.publicUrl}/product/${encodeURIComponent(row.url)}`)}</url>`,
    `<price>${rubles(price)}</price>`,
    ...(oldPrice !== null && oldPrice > price ? [`<oldprice>${rubles(oldPrice)}</oldprice>`] : []),
    '<currencyId>RUB</currencyId>',
    ...(row.categoryId !== null ? [`<categoryId>${row.categoryId}</categoryId>`] : []),
    ...row.images.slice(0, 10).map((name) => `<picture>${text(`${shop.publicUrl}/api/images/${encodeURIComponent(name)}`)}</picture>`),
    `<name>${text(row.name)}</name>`,
    ...(row.vendor !== null ? [`<vendor>${text(row.vendor)}</vendor>`] : []),
    ...(row.desc.trim() ? [`<description>${text(plain(row.desc))}</description>`] : []),
    ...(row.barcode !== null ? [`<barcode>${row.barcode}</barcode>`] : []),
    ...(row.color !== null ? [`<param name="Цвет">${text(row.color)}</param>`] : []),
    ...(row.size !== null ? [`<param name="Размер">${text(row.size)}</param>`] : []),
    `<group_id>${row.productId}</group_id>`,
    '</offer>',
  ];
  return lines.join('');
}

/** The Yandex Market Language document (docs/catalogue-import.md, "The YML feed"). */
export function buildYml(data: FeedData, shop: FeedShop, now: Date): string {
  const categories = data.categories.map(
    (row) => `<category id="${row.id}"${row.parentId !== null ? ` parentId="${row.parentId}"` : ''}>${text(row.name)}</category>`,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<yml_catalog date="${ymlDate(now)}">`,
    '<shop>',
    `<name>${text(shop.shopName)}</name>`,
    `<company>${text(shop.company)}</company>`,
    `<url>${text(`${shop.publicUrl}/`)}</url>`,
    '<currencies><currency id="RUB" rate="1"/></currencies>',
    `<categories>${categories.join('\n')}</categories>`,
    '<offers>',
    ...data.offers.map((row) => offer(row, shop)),
    '</offers>',
    '</shop>',
    '</yml_catalog>',
    '',
  ].join('\n');
}
