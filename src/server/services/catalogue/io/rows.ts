import { parse } from 'csv-parse/sync';
import { isEan13 } from '../../../../shared/ean13.js';
import { csvColumns, parseFlag, parsePrice, requiredColumns, splitList, type CsvField } from './columns.js';
import { dictionaryKey, type Dictionaries } from './dictionaries.js';

/** The most rows one file may hold (docs/catalogue-import.md). */
export const maxImportRows = 50_000;

/** One row of the file, read and checked on its own: what it says, in the catalogue's ids. */
export interface ImportRow {
  /** The row's number in the file, the header being row 1. */
  line: number;
  article: string;
  name: string;
  url: string;
  desc: string | undefined;
  availability: boolean | undefined;
  categoryIds: number[] | undefined;
  brandIds: number[] | undefined;
  variantArticle: string;
  colorId: number | null | undefined;
  price: number;
  oldPrice: number | null | undefined;
  sizeId: number | null;
  stock: number;
  barcode: string | null | undefined;
  images: string[] | undefined;
}

export interface RowProblem {
  line: number;
  article: string;
  messages: string[];
}

export interface ReadFile {
  /** Problems of the file as a whole (no header, unknown columns…): nothing can be imported. */
  fileProblems: string[];
  rows: ImportRow[];
  /** Messages per line, from the row's own cells. */
  problems: Map<number, string[]>;
  /** Image names the rows mention (checked against the library by the caller). */
  imageNames: Set<string>;
}

const fieldsByHeader = new Map(Object.entries(csvColumns).map(([field, header]) => [header.toLowerCase(), field as CsvField]));

/** `;` unless the header has none and has commas (a file saved by a spreadsheet in another locale). */
function delimiterOf(text: string): string {
  const header = text.slice(0, text.search(/\r?\n|$/));
  return !header.includes(';') && header.includes(',') ? ',' : ';';
}

function readRecords(text: string): string[][] | string {
  try {
    return parse(text, { bom: true, delimiter: delimiterOf(text.replace(/^\uFEFF/, '')), relax_column_count: true, skip_empty_lines: true, trim: true });
  } catch (error) {
    return `Файл не читается как CSV: ${error instanceof Error ? error.message : String(error)}`;
  }
}

function columnsOf(header: readonly string[], fileProblems: string[]): Map<CsvField, number> {
  const columns = new Map<CsvField, number>();
  header.forEach((title, index) => {
    const field = fieldsByHeader.get(title.trim().toLowerCase());
    if (!field) fileProblems.push(`Неизвестная колонка «${title}»`);
    else if (columns.has(field)) fileProblems.push(`Колонка «${title}» повторяется`);
    else columns.set(field, index);
  });
  for (const field of requiredColumns) if (!columns.has(field)) fileProblems.push(`Нет колонки «${csvColumns[field]}»`);
  return columns;
}

class RowReader {
  readonly messages: string[] = [];
  constructor(
    private readonly record: readonly string[],
    private readonly columns: Map<CsvField, number>,
    private readonly dictionaries: Dictionaries,
  ) {}

  has(field: CsvField): boolean {
    return this.columns.has(field);
  }

  cell(field: CsvField): string {
    const index = this.columns.get(field);
    return index === undefined ? '' : (this.record[index] ?? '').trim();
  }

  text(field: CsvField, max: number, required: boolean): string {
    const value = this.cell(field);
    if (required && value === '') this.messages.push(`Не заполнено: «${csvColumns[field]}»`);
    if (value.length > max) this.messages.push(`«${csvColumns[field]}» длиннее ${max} знаков`);
    return value;
  }

  price(field: CsvField, required: boolean): number | null {
    const value = parsePrice(this.cell(field));
    if (value === null && required) this.messages.push(`Не заполнено: «${csvColumns[field]}»`);
    else if (value !== null && (Number.isNaN(value) || value <= 0 || value > 10_000_000_000)) {
      this.messages.push(`«${csvColumns[field]}»: не цена (${this.cell(field)}); пример: 1299,90`);
    }
    return value;
  }

  /** Ids of a dictionary's entries named in a list cell; unknown names are the row's problems. */
  refs(field: CsvField, lookup: (name: string) => number | undefined, what: string): number[] {
    const ids: number[] = [];
    for (const name of splitList(this.cell(field))) {
      const id = lookup(name);
      if (id === undefined) this.messages.push(`${what} «${name}» не найден(а) в каталоге`);
      else if (!ids.includes(id)) ids.push(id);
    }
    return ids;
  }

  category(path: string): number | undefined {
    const ids = this.dictionaries.categoriesByPath.get(dictionaryKey(path));
    if (ids && ids.length > 1) this.messages.push(`Категория «${path}» неоднозначна: таких несколько`);
    return ids?.[0];
  }
}

function readRow(reader: RowReader, line: number, dictionaries: Dictionaries): ImportRow {
  const article = reader.text('article', 64, true);
  const stockText = reader.cell('stock');
  const stock = /^\d+$/.test(stockText) ? Number(stockText) : Number.NaN;
  if (!(stock >= 0 && stock <= 1_000_000)) reader.messages.push(`«Остаток»: целое число от 0 до 1 000 000, а не «${stockText}»`);
  const barcode = reader.cell('barcode');
  if (barcode !== '' && !isEan13(barcode)) reader.messages.push(`Штрихкод «${barcode}» не EAN-13 (13 цифр с верной контрольной цифрой)`);
  const availability = parseFlag(reader.cell('availability'));
  if (availability === null) reader.messages.push(`«В продаже»: «да» или «нет», а не «${reader.cell('availability')}»`);
  const color = reader.cell('color');
  const colorId = color === '' ? null : dictionaries.colors.get(dictionaryKey(color));
  if (colorId === undefined) reader.messages.push(`Цвет «${color}» не найден в каталоге`);
  const size = reader.cell('size');
  const sizeId = size === '' ? null : dictionaries.sizes.get(dictionaryKey(size));
  if (sizeId === undefined) reader.messages.push(`Размер «${size}» не найден в каталоге`);
  const price = reader.price('price', true);
  const oldPrice = reader.price('oldPrice', false);
  const url = reader.text('url', 200, true);
  if (url !== '' && !/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(url)) reader.messages.push(`«Адрес товара» «${url}»: только латинские строчные буквы, цифры и дефисы`);
  return {
    line,
    article,
    name: reader.text('name', 200, true),
    url,
    desc: reader.has('desc') ? reader.text('desc', 20_000, false) : undefined,
    availability: reader.has('availability') ? (availability ?? true) : undefined,
    categoryIds: reader.has('categories') ? reader.refs('categories', (path) => reader.category(path), 'Категория') : undefined,
    brandIds: reader.has('brands') ? reader.refs('brands', (name) => dictionaries.brands.get(dictionaryKey(name)), 'Бренд') : undefined,
    variantArticle: reader.text('variantArticle', 64, true),
    colorId: reader.has('color') ? (colorId ?? null) : undefined,
    price: price ?? 0,
    oldPrice: reader.has('oldPrice') ? oldPrice : undefined,
    sizeId: sizeId ?? null,
    stock,
    barcode: reader.has('barcode') ? barcode || null : undefined,
    images: reader.has('images') ? splitList(reader.cell('images')) : undefined,
  };
}

/** Reads the file and checks each row's cells against the dictionaries; nothing is written. */
export function readImportFile(text: string, dictionaries: Dictionaries): ReadFile {
  const result: ReadFile = { fileProblems: [], rows: [], problems: new Map(), imageNames: new Set() };
  const records = readRecords(text);
  if (typeof records === 'string') return { ...result, fileProblems: [records] };
  const [header, ...body] = records;
  if (!header) return { ...result, fileProblems: ['Файл пуст: нет строки заголовка'] };
  if (body.length > maxImportRows) return { ...result, fileProblems: [`Больше ${maxImportRows} строк в одном файле`] };
  const columns = columnsOf(header, result.fileProblems);
  if (result.fileProblems.length) return result;
  body.forEach((record, index) => {
    const reader = new RowReader(record, columns, dictionaries);
    const row = readRow(reader, index + 2, dictionaries);
    result.rows.push(row);
    for (const name of row.images ?? []) result.imageNames.add(name);
    if (reader.messages.length) result.problems.set(row.line, reader.messages);
  });
  if (!body.length) result.fileProblems.push('В файле нет строк с товарами');
  return result;
}
