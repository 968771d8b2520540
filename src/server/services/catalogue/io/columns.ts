/**
 * The catalogue's CSV (docs/catalogue-import.md): one row per item (one size of one colour),
 * semicolon-separated, UTF-8 with a BOM, the header in Russian. Export writes these columns in
 * this order; import reads them by header name, in any order.
 */
export const csvColumns = {
  article: 'Артикул',
  name: 'Товар',
  url: 'Адрес товара',
  desc: 'Описание',
  availability: 'В продаже',
  categories: 'Категории',
  brands: 'Бренды',
  variantArticle: 'Артикул цвета',
  color: 'Цвет',
  price: 'Цена',
  oldPrice: 'Старая цена',
  size: 'Размер',
  stock: 'Остаток',
  barcode: 'Штрихкод',
  images: 'Изображения',
} as const;

export type CsvField = keyof typeof csvColumns;

/** Columns every file must have; the others may be left out (then what the catalogue has is kept). */
export const requiredColumns: readonly CsvField[] = ['article', 'name', 'url', 'variantArticle', 'price', 'stock'];

export const csvDelimiter = ';';
/** Between the entries of a list cell (categories, brands, images). */
export const listSeparator = ' | ';
/** Between the levels of a category path: «Одежда / Куртки». */
export const pathSeparator = ' / ';

/** «1299» or «1299,90»: kopecks as rubles with a decimal comma, as a Russian spreadsheet reads them. */
export function formatPrice(kopecks: number | null): string {
  if (kopecks === null) return '';
  const rubles = Math.trunc(kopecks / 100);
  const rest = kopecks % 100;
  return rest === 0 ? String(rubles) : `${rubles},${String(rest).padStart(2, '0')}`;
}

/** A price cell to kopecks: «1 299,90», «1299.9», «1299»; null when empty, NaN when not a price. */
export function parsePrice(text: string): number | null {
  const cleaned = text.replace(/[\s\u00a0₽]/g, '').replace(',', '.');
  if (cleaned === '') return null;
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return Number.NaN;
  return Math.round(Number(cleaned) * 100);
}

export function splitList(text: string): string[] {
  return text
    .split('|')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

const yes = new Set(['да', 'yes', 'true', '1', '+']);
const no = new Set(['нет', 'no', 'false', '0', '-']);

/** «да»/«нет» (also 1/0, true/false); empty means «да». Null when unreadable. */
export function parseFlag(text: string): boolean | null {
  const value = text.trim().toLowerCase();
  if (value === '' || yes.has(value)) return true;
  return no.has(value) ? false : null;
}
