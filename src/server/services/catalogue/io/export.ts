import { stringify } from 'csv-stringify/sync';
import { sql } from 'kysely';
import type { Db } from '../../../db/connection.js';
import { csvColumns, csvDelimiter, formatPrice, listSeparator, type CsvField } from './columns.js';
import { loadDictionaries } from './dictionaries.js';

interface ItemRow {
  article: string;
  name: string;
  url: string;
  desc: string;
  availability: boolean;
  productId: number;
  variantArticle: string;
  color: string | null;
  price: number;
  oldPrice: number | null;
  size: string | null;
  stock: number;
  barcode: string | null;
  images: string[];
  categoryIds: number[];
  brands: string[];
}

/** Every item of the catalogue, products in id order, colours in their order, sizes in theirs. */
function readItems(db: Db): Promise<ItemRow[]> {
  return sql<ItemRow>`
    select i.article, p.name, p.url, p.desc, p.availability, p.id as product_id, v.article as variant_article,
      c.name as color, v.price, v.old_price, z.name as size, i.stock, i.barcode, v.images,
      coalesce((select array_agg(pc.category_id order by pc.category_id) from product_categories pc where pc.product_id = p.id), '{}') as category_ids,
      coalesce((select array_agg(b.name order by b.name) from product_brands pb join brands b on b.id = pb.brand_id where pb.product_id = p.id), '{}') as brands
    from variant_items i
    join product_variants v on v.id = i.variant_id
    join products p on p.id = v.product_id
    left join colors c on c.id = v.color_id
    left join sizes z on z.id = i.size_id
    order by p.id, v.position, v.id, i.size_id nulls first`
    .execute(db)
    .then((result) => result.rows);
}

/** The whole catalogue as the import reads it: UTF-8 with a BOM, `;`-separated, a header row. */
export async function exportCatalogueCsv(db: Db): Promise<string> {
  const [rows, dictionaries] = await Promise.all([readItems(db), loadDictionaries(db)]);
  const fields = Object.keys(csvColumns) as CsvField[];
  const records = rows.map((row) => {
    const cells: Record<CsvField, string> = {
      article: row.article,
      name: row.name,
      url: row.url,
      desc: row.desc,
      availability: row.availability ? 'да' : 'нет',
      categories: row.categoryIds.map((id) => dictionaries.categoryPaths.get(id) ?? '').join(listSeparator),
      brands: row.brands.join(listSeparator),
      variantArticle: row.variantArticle,
      color: row.color ?? '',
      price: formatPrice(Number(row.price)),
      oldPrice: formatPrice(row.oldPrice === null ? null : Number(row.oldPrice)),
      size: row.size ?? '',
      stock: String(row.stock),
      barcode: row.barcode ?? '',
      images: row.images.join(listSeparator),
    };
    return fields.map((field) => cells[field]);
  });
  return stringify([fields.map((field) => csvColumns[field]), ...records], { delimiter: csvDelimiter, bom: true, record_delimiter: 'windows' });
}

/** «catalogue-2026-11-26.csv». */
export function exportCsvFileName(now: Date = new Date()): string {
  return `catalogue-${now.toISOString().slice(0, 10)}.csv`;
}
