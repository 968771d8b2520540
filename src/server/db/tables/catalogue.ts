import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Defaulted, Json, Version } from './columns.js';


/** Tables of the catalogue domain. Prices are kopecks (bigint columns, read as numbers). */
export interface CategoriesTable {
  id: Generated<number>;
  name: string;
  desc: Defaulted<string>;
  image: string | null;
  url: string;
  parentId: number | null;
  /** JSON array of characteristic names; write with JSON.stringify. */
  parameters: Json<string[]>;
  version: Version;
  createdAt: CreatedAt;
}

export interface ColorsTable {
  id: Generated<number>;
  name: string;
  url: string;
  code: string;
  version: Version;
  createdAt: CreatedAt;
}

export interface BrandsTable {
  id: Generated<number>;
  name: string;
  url: string;
  image: string | null;
  showOnMain: Defaulted<boolean>;
  /** Other spellings shoppers search the brand by («найк» for Nike), lower case. */
  synonyms: Defaulted<string[]>;
  version: Version;
  createdAt: CreatedAt;
}

export interface ProductsTable {
  id: Generated<number>;
  name: string;
  url: string;
  desc: Defaulted<string>;
  availability: Defaulted<boolean>;
  price: Defaulted<number>;
  oldPrice: number | null;
  inStock: Defaulted<boolean>;
  image: string | null;
  /** The mean of the product's reviews; null while it has none. */
  rating: number | null;
  reviewCount: Defaulted<number>;
  /** JSON object { characteristic: value }; write with JSON.stringify. */
  parameters: Json<Record<string, string>>;
  /** The open set of other fields a product may carry, returned as sent; write with JSON.stringify. */
  extra: Json<Record<string, unknown>>;
  search: ColumnType<string, never, never>;
  version: Version;
  createdAt: CreatedAt;
  updatedAt: ColumnType<Date, never, Date>;
}

export interface ProductVariantsTable {
  id: Generated<number>;
  productId: number;
  article: string;
  colorId: number | null;
  price: number;
  oldPrice: number | null;
  stock: Defaulted<number>;
  images: Defaulted<string[]>;
  position: Defaulted<number>;
}

/** One size of one colour (no size when the product has none): its stock, article and barcode. */
export interface VariantItemsTable {
  id: Generated<number>;
  variantId: number;
  sizeId: number | null;
  article: string;
  barcode: string | null;
  stock: Defaulted<number>;
}

/** A category's size chart: a title, the header row and rows of text cells (migration 0022). */
export interface SizeChartsTable {
  id: Generated<number>;
  categoryId: number;
  title: string;
  columns: Json<string[]>;
  rows: Json<string[][]>;
  version: Version;
  createdAt: CreatedAt;
}

export interface ProductCategoriesTable {
  productId: number;
  categoryId: number;
}
export interface ProductBrandsTable {
  productId: number;
  brandId: number;
}
export interface ProductTagsTable {
  productId: number;
  tagId: number;
}
export interface ProductSizesTable {
  productId: number;
  sizeId: number;
}

/** Every word of every product name (lower case, «ё» as «е»), kept by a trigger; for typo correction. */
export interface SearchWordsTable {
  word: string;
  /** The word's lexeme in `products.search` (null for a stop word); migration 0011. */
  stem: Defaulted<string | null>;
  /** Spelling-blind Latin form (`search_skeleton`), for transliterated queries. */
  skeleton: Defaulted<string | null>;
}

/** One row: the number of products, kept by triggers. */
export interface ProductCountTable {
  id: ColumnType<boolean, never, never>;
  total: number;
}

/** One row: bumped by a trigger on every change to categories (the in-memory tree's check). */
export interface CategoryTreeVersionTable {
  id: ColumnType<boolean, never, never>;
  version: number;
}

/** One row: bumped when the words, colours, brands or categories that name search reads change. */
export interface SearchVersionTable {
  id: ColumnType<boolean, never, never>;
  version: number;
}

/** A plain dictionary of the catalogue (tags, sizes). */
export interface DictionaryTable {
  id: Generated<number>;
  name: string;
  url: string;
  version: Version;
  createdAt: CreatedAt;
}

export interface CatalogueTables {
  categories: CategoriesTable;
  colors: ColorsTable;
  brands: BrandsTable;
  products: ProductsTable;
  productVariants: ProductVariantsTable;
  variantItems: VariantItemsTable;
  sizeCharts: SizeChartsTable;
  productCategories: ProductCategoriesTable;
  productBrands: ProductBrandsTable;
  productTags: ProductTagsTable;
  productSizes: ProductSizesTable;
  searchWords: SearchWordsTable;
  productCount: ProductCountTable;
  categoryTreeVersion: CategoryTreeVersionTable;
  searchVersion: SearchVersionTable;
  tags: DictionaryTable;
  sizes: DictionaryTable;
}
