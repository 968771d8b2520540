import type { Db } from '../../../db/connection.js';
import { loadDictionaries } from './dictionaries.js';
import { readImportFile, type ImportRow, type RowProblem } from './rows.js';

/** A product of the file: its rows agree on these (checked), the first row's values are used. */
export interface PlannedProduct {
  url: string;
  name: string;
  desc: string | undefined;
  availability: boolean | undefined;
  categoryIds: number[] | undefined;
  brandIds: number[] | undefined;
  sizeIds: number[];
}

export interface PlannedVariant {
  article: string;
  productUrl: string;
  colorId: number | null | undefined;
  price: number;
  oldPrice: number | null | undefined;
  images: string[] | undefined;
}

export interface PlannedItem {
  article: string;
  variantArticle: string;
  sizeId: number | null;
  stock: number;
  barcode: string | null | undefined;
}

export interface ImportPlan {
  products: PlannedProduct[];
  variants: PlannedVariant[];
  items: PlannedItem[];
}

export interface ImportPreview {
  rows: number;
  fileProblems: string[];
  problems: RowProblem[];
  /** Products, colours and items the file would create and update. */
  counts: { newProducts: number; updatedProducts: number; newItems: number; updatedItems: number };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

class Problems {
  readonly byLine = new Map<number, string[]>();
  add(line: number, message: string): void {
    this.byLine.set(line, [...(this.byLine.get(line) ?? []), message]);
  }
}

/** Rows of one product, or of one colour, must say the same about it. */
function checkAgreement(rows: readonly ImportRow[], problems: Problems): void {
  const firstOfProduct = new Map<string, ImportRow>();
  const firstOfVariant = new Map<string, ImportRow>();
  const items = new Map<string, number>();
  const itemArticles = new Map<string, number>();
  const barcodes = new Map<string, number>();
  for (const row of rows) {
    const product = firstOfProduct.get(row.url);
    if (!product) firstOfProduct.set(row.url, row);
    else {
      const fields = (['name', 'desc', 'availability', 'categoryIds', 'brandIds'] as const).filter((field) => !same(row[field], product[field]));
      if (fields.length) problems.add(row.line, `Данные товара «${row.url}» расходятся со строкой ${product.line} (${fields.map(productFieldNames).join(', ')})`);
      if ((row.sizeId === null) !== (product.sizeId === null)) problems.add(row.line, `У товара «${row.url}» размер указан не во всех строках (см. строку ${product.line})`);
    }
    const variant = firstOfVariant.get(row.variantArticle);
    if (!variant) firstOfVariant.set(row.variantArticle, row);
    else {
      if (variant.url !== row.url) problems.add(row.line, `Артикул цвета «${row.variantArticle}» уже у товара «${variant.url}» (строка ${variant.line})`);
      const fields = (['colorId', 'price', 'oldPrice', 'images'] as const).filter((field) => !same(row[field], variant[field]));
      if (fields.length) problems.add(row.line, `Данные цвета «${row.variantArticle}» расходятся со строкой ${variant.line} (${fields.map(variantFieldNames).join(', ')})`);
    }
    if (row.sizeId === null && row.article !== row.variantArticle) problems.add(row.line, 'Без размера артикул совпадает с артикулом цвета');
    const itemKey = `${row.variantArticle}\u0000${row.sizeId ?? ''}`;
    const repeat = items.get(itemKey) ?? itemArticles.get(row.article);
    if (repeat !== undefined) problems.add(row.line, `Повтор: этот артикул или размер цвета уже в строке ${repeat}`);
    items.set(itemKey, row.line);
    itemArticles.set(row.article, row.line);
    if (row.barcode) {
      const other = barcodes.get(row.barcode);
      if (other !== undefined) problems.add(row.line, `Штрихкод ${row.barcode} уже в строке ${other}`);
      barcodes.set(row.barcode, row.line);
    }
  }
}

const productFieldNames = (field: string) =>
  ({ name: 'название', desc: 'описание', availability: 'в продаже', categoryIds: 'категории', brandIds: 'бренды' })[field] ?? field;
const variantFieldNames = (field: string) => ({ colorId: 'цвет', price: 'цена', oldPrice: 'старая цена', images: 'изображения' })[field] ?? field;

/** What the catalogue already holds under the file's urls, articles, barcodes and image names. */
async function checkAgainstCatalogue(db: Db, rows: readonly ImportRow[], imageNames: ReadonlySet<string>, problems: Problems) {
  const urls = [...new Set(rows.map((row) => row.url))];
  const variantArticles = [...new Set(rows.map((row) => row.variantArticle))];
  const articles = rows.map((row) => row.article);
  const barcodes = rows.flatMap((row) => (row.barcode ? [row.barcode] : []));
  const [products, variants, items, codes, images] = await Promise.all([
    db.selectFrom('products').select(['id', 'url']).where('url', '=', (eb) => eb.fn.any(eb.val(urls))).execute(),
    db
      .selectFrom('productVariants as v')
      .innerJoin('products as p', 'p.id', 'v.productId')
      .select(['v.article', 'p.url'])
      .where('v.article', '=', (eb) => eb.fn.any(eb.val(variantArticles)))
      .execute(),
    db
      .selectFrom('variantItems as i')
      .innerJoin('productVariants as v', 'v.id', 'i.variantId')
      .select(['i.article', 'v.article as variantArticle', 'i.sizeId'])
      .where('i.article', '=', (eb) => eb.fn.any(eb.val(articles)))
      .execute(),
    db.selectFrom('variantItems').select(['barcode', 'article']).where('barcode', '=', (eb) => eb.fn.any(eb.val(barcodes))).execute(),
    db.selectFrom('images').select('name').where('name', '=', (eb) => eb.fn.any(eb.val([...imageNames]))).execute(),
  ]);
  const sized = await db
    .selectFrom('productSizes')
    .select('productId')
    .distinct()
    .where('productId', '=', (eb) => eb.fn.any(eb.val(products.map((product) => product.id))))
    .execute();
  const existing = new Map(products.map((product) => [product.url, product.id]));
  const hasSizes = new Set(sized.map((row) => row.productId));
  const variantOwner = new Map(variants.map((variant) => [variant.article, variant.url]));
  const itemPlace = new Map(items.map((item) => [item.article, item]));
  const barcodeOwner = new Map(codes.map((code) => [code.barcode, code.article]));
  const knownImages = new Set(images.map((image) => image.name));
  for (const row of rows) {
    const owner = variantOwner.get(row.variantArticle);
    if (owner !== undefined && owner !== row.url) problems.add(row.line, `Артикул цвета «${row.variantArticle}» принадлежит другому товару («${owner}»)`);
    const place = itemPlace.get(row.article);
    if (place && (place.variantArticle !== row.variantArticle || place.sizeId !== row.sizeId)) {
      problems.add(row.line, `Артикул «${row.article}» уже у другой позиции (цвет «${place.variantArticle}»): артикул позиции не переносится`);
    }
    const other = row.barcode ? barcodeOwner.get(row.barcode) : undefined;
    if (other !== undefined && other !== row.article) problems.add(row.line, `Штрихкод ${row.barcode} уже у позиции «${other}»`);
    const productId = existing.get(row.url);
    if (row.sizeId === null && productId !== undefined && hasSizes.has(productId)) problems.add(row.line, `У товара «${row.url}» есть размеры: укажите размер`);
    for (const name of row.images ?? []) if (!knownImages.has(name)) problems.add(row.line, `Изображения «${name}» нет в медиатеке`);
  }
  return { existingUrls: new Set(existing.keys()), existingArticles: new Set(itemPlace.keys()) };
}

function planOf(rows: readonly ImportRow[]): ImportPlan {
  const products = new Map<string, PlannedProduct>();
  const variants = new Map<string, PlannedVariant>();
  for (const row of rows) {
    const product = products.get(row.url) ?? { url: row.url, name: row.name, desc: row.desc, availability: row.availability, categoryIds: row.categoryIds, brandIds: row.brandIds, sizeIds: [] };
    if (row.sizeId !== null && !product.sizeIds.includes(row.sizeId)) product.sizeIds.push(row.sizeId);
    products.set(row.url, product);
    if (!variants.has(row.variantArticle)) {
      variants.set(row.variantArticle, { article: row.variantArticle, productUrl: row.url, colorId: row.colorId, price: row.price, oldPrice: row.oldPrice, images: row.images });
    }
  }
  const items = rows.map((row) => ({ article: row.article, variantArticle: row.variantArticle, sizeId: row.sizeId, stock: row.stock, barcode: row.barcode }));
  return { products: [...products.values()], variants: [...variants.values()], items };
}

/** Reads and checks the whole file; the plan is there only when no row has a problem. */
export async function previewImport(db: Db, text: string): Promise<{ preview: ImportPreview; plan: ImportPlan | null }> {
  const file = readImportFile(text, await loadDictionaries(db));
  const problems = new Problems();
  for (const [line, messages] of file.problems) for (const message of messages) problems.add(line, message);
  let known = { existingUrls: new Set<string>(), existingArticles: new Set<string>() };
  if (!file.fileProblems.length) {
    checkAgreement(file.rows, problems);
    known = await checkAgainstCatalogue(db, file.rows, file.imageNames, problems);
  }
  const articleOf = new Map(file.rows.map((row) => [row.line, row.article]));
  const rowProblems = [...problems.byLine.entries()].sort(([a], [b]) => a - b).map(([line, messages]) => ({ line, article: articleOf.get(line) ?? '', messages }));
  const urls = new Set(file.rows.map((row) => row.url));
  const updatedItems = file.rows.filter((row) => known.existingArticles.has(row.article)).length;
  const preview: ImportPreview = {
    rows: file.rows.length,
    fileProblems: file.fileProblems,
    problems: rowProblems,
    counts: {
      newProducts: [...urls].filter((url) => !known.existingUrls.has(url)).length,
      updatedProducts: [...urls].filter((url) => known.existingUrls.has(url)).length,
      newItems: file.rows.length - updatedItems,
      updatedItems,
    },
  };
  const clean = !file.fileProblems.length && !rowProblems.length;
  return { preview, plan: clean ? planOf(file.rows) : null };
}
