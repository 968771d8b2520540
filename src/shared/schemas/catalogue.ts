import { isEan13 } from '../ean13.js';
import { z } from '../zod.js';
import {
  decimalQuerySchema,
  flagSchema,
  idSchema,
  limitSchema,
  listOf,
  listResponse,
  nameSchema,
  pagingShape,
  sortShape,
  urlSlugSchema,
  versionInputShape,
  versionSchema,
} from './common.js';

/**
 * The catalogue's contract (docs/catalogue.md): categories, colours, brands and products
 * with variants. Prices are rubles here; the server stores kopecks.
 */

/** A reference to a category, brand, tag, size or colour in list filters: its id or its url. */
export const refSchema = z.string().trim().min(1).max(200);
export const refListSchema = listOf(refSchema);

export const rublesSchema = z
  .number({ error: 'Укажите цену числом' })
  .positive('Цена должна быть больше нуля')
  .max(100_000_000, 'Слишком большая цена')
  .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, 'Не больше двух знаков после запятой');

export const hexColorSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^#[0-9a-f]{6}$/, 'Цвет задаётся в формате #rrggbb');

const imageNameSchema = z.string().trim().min(1).max(200);

// ---------------------------------------------------------------- categories

export const categorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  desc: z.string(),
  image: z.string().nullable(),
  url: z.string(),
  parentId: z.number().int().nullable(),
  /** Names of the characteristics this category's products fill in, e.g. «Материал». */
  parameters: z.array(z.string()),
  version: versionSchema,
});
export type Category = z.infer<typeof categorySchema>;

export interface CategoryTreeNode extends Category {
  children: CategoryTreeNode[];
}
export const categoryTreeNodeSchema: z.ZodType<CategoryTreeNode> = categorySchema
  .extend({ children: z.array(z.lazy(() => categoryTreeNodeSchema)) })
  .meta({ id: 'CategoryTreeNode' });

export const categoryInputSchema = z.object({
  name: nameSchema,
  desc: z.string().trim().max(5000).default(''),
  image: imageNameSchema.nullable().default(null),
  url: urlSlugSchema,
  parentId: z.number().int().positive().nullable().default(null),
  parameters: z.array(z.string().trim().min(1).max(100)).max(50).default([]),
});

export const categoryListSchema = z.object({
  name: z.string().trim().max(200).optional(),
  url: z.string().trim().max(200).optional(),
  /** Id or url of the parent; `null`/`root` lists top-level categories. */
  parent: z.string().trim().max(200).optional(),
  /** A characteristic name the category declares. */
  parameters: z.string().trim().max(100).optional(),
  /** true: only categories that have children; false: only leaves. */
  children: flagSchema.optional(),
  ...sortShape(['id', 'name', 'url', 'createdAt'] as const, 'id'),
  ...pagingShape,
});
export const categoryListResponseSchema = listResponse(categorySchema);
export const categoryIdSchema = z.object({ categoryId: idSchema });
export const categoryUpdateSchema = categoryIdSchema.extend({ ...categoryInputSchema.shape, ...versionInputShape });

// ---------------------------------------------------------------- colours

export const colorSchema = z.object({ id: z.number().int(), name: z.string(), url: z.string(), code: z.string() });
export type Color = z.infer<typeof colorSchema>;
/** A colour as its own page and the admin form read it (with the version an edit names). */
export const colorRecordSchema = colorSchema.extend({ version: versionSchema });
export type ColorRecord = z.infer<typeof colorRecordSchema>;

export const colorInputSchema = z.object({ name: nameSchema, url: urlSlugSchema, code: hexColorSchema });
export type ColorInput = z.input<typeof colorInputSchema>;

export const colorListSchema = z.object({
  name: z.string().trim().max(200).optional(),
  url: z.string().trim().max(200).optional(),
  code: z.string().trim().max(7).optional(),
  /** Colours of products in this category (id or url, descendants included). */
  category: refSchema.optional(),
  parent: refSchema.optional(),
  /** Colours of these products (ids). */
  products: listOf(idSchema),
  ...sortShape(['id', 'name', 'url', 'code'] as const, 'id'),
  ...pagingShape,
});
export const colorListResponseSchema = listResponse(colorRecordSchema);
export const colorIdSchema = z.object({ colorId: idSchema });
export const colorUpdateSchema = colorIdSchema.extend({ ...colorInputSchema.shape, ...versionInputShape });

// ---------------------------------------------------------------- brands

export const brandSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string(),
  image: z.string().nullable(),
  showOnMain: z.boolean(),
  /** Other words shoppers search the brand by («найк» for Nike), lower case with «е» for «ё». */
  synonyms: z.array(z.string()),
  version: versionSchema,
});
export type Brand = z.infer<typeof brandSchema>;

export const brandSynonymsSchema = z
  .array(z.string().trim().min(1, 'Синоним не может быть пустым').max(100, 'Синоним длиннее 100 символов'))
  .max(20, 'Не больше 20 синонимов')
  .default([])
  .transform((list) => [...new Set(list.map((word) => word.toLowerCase().replace(/ё/g, 'е')))]);

export const brandInputSchema = z.object({
  name: nameSchema,
  url: urlSlugSchema,
  image: imageNameSchema.nullable().default(null),
  showOnMain: z.boolean().default(false),
  synonyms: brandSynonymsSchema,
});

export const brandListSchema = z.object({
  name: z.string().trim().max(200).optional(),
  /** Brands of products in this category (id or url, descendants included). */
  category: refSchema.optional(),
  parent: refSchema.optional(),
  showOnMain: flagSchema.optional(),
  ...sortShape(['id', 'name', 'url'] as const, 'id'),
  ...pagingShape,
});
export const brandListResponseSchema = listResponse(brandSchema);
export const brandIdSchema = z.object({ brandId: idSchema });
export const brandUpdateSchema = brandIdSchema.extend({ ...brandInputSchema.shape, ...versionInputShape });

// ---------------------------------------------------------------- products

export const refItemSchema = z.object({ id: z.number().int(), name: z.string(), url: z.string() });

/** One size of one colour (no size when the product has none): what is stocked and sold. */
export const itemSchema = z.object({
  id: z.number().int(),
  /** The size (null when the product has no sizes). */
  sizeId: z.number().int().nullable(),
  sizeName: z.string().nullable(),
  article: z.string(),
  /** EAN-13, when the admin gave one. */
  barcode: z.string().nullable(),
  stock: z.number().int(),
});
export type VariantItem = z.infer<typeof itemSchema>;

export const variantSchema = z.object({
  id: z.number().int(),
  /** The colour's article. */
  article: z.string(),
  color: colorSchema.nullable(),
  price: z.number(),
  oldPrice: z.number().nullable(),
  /** The sum of the items' stock. */
  stock: z.number().int(),
  images: z.array(z.string()),
  /** One per size of the product, in the product's size order (one without a size when it has none). */
  items: z.array(itemSchema),
});
export type Variant = z.infer<typeof variantSchema>;

/**
 * A product as its page shows it. A product's other fields are an open set,
 * sent as they are except id; they are kept in `extra` and also answered at the top level.
 */
export const productSchema = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  url: z.string(),
  desc: z.string(),
  /** The admin's switch: the product is offered for sale at all. */
  availability: z.boolean(),
  /** Some variant has stock. */
  inStock: z.boolean(),
  /** The cheapest in-stock variant's price (the cheapest overall when none is in stock). */
  price: z.number(),
  oldPrice: z.number().nullable(),
  /** The mean of the product's reviews (1–5); null while it has none. */
  rating: z.number().nullable(),
  reviewCount: z.number().int(),
  image: z.string().nullable(),
  parameters: z.record(z.string(), z.string()),
  /** Other product fields are an open set, kept and returned as sent. */
  extra: z.record(z.string(), z.unknown()),
  categories: z.array(refItemSchema),
  brands: z.array(refItemSchema),
  tags: z.array(refItemSchema),
  sizes: z.array(refItemSchema),
  colors: z.array(colorSchema),
  variants: z.array(variantSchema),
  version: versionSchema,
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type Product = z.infer<typeof productSchema>;

/** A product as a catalogue card shows it. */
export const productCardSchema = productSchema.pick({
  id: true,
  name: true,
  url: true,
  price: true,
  oldPrice: true,
  availability: true,
  inStock: true,
  rating: true,
  reviewCount: true,
  image: true,
  colors: true,
  brands: true,
});
export type ProductCard = z.infer<typeof productCardSchema>;

const stockSchema = z.number().int().min(0, 'Остаток не может быть отрицательным').max(1_000_000);

/** An item as the admin edits it: matched to the colour's item by its size. */
export const itemInputSchema = z.strictObject({
  /** As a product is answered: accepted so that a product read can be sent back; items are matched by size. */
  id: z.number().int().optional(),
  sizeId: z.number().int().positive().nullable(),
  /** Left out or empty: the colour's article, «/» and the size's name. */
  article: z.string().trim().max(64).optional(),
  barcode: z
    .string()
    .trim()
    .nullable()
    .default(null)
    .transform((code) => (code === '' ? null : code))
    .refine((code) => code === null || isEan13(code), 'Штрихкод должен быть EAN-13: 13 цифр с верной контрольной цифрой'),
  stock: stockSchema,
  /** As a product is answered: accepted and ignored. */
  sizeName: z.unknown().optional(),
});

export const variantInputSchema = z.strictObject({
  /** Present when an existing variant is edited. */
  id: z.number().int().positive().optional(),
  article: z.string().trim().min(1, 'Укажите артикул').max(64),
  colorId: z.number().int().positive().nullable().default(null),
  price: rublesSchema,
  oldPrice: rublesSchema.nullable().default(null),
  /**
   * Without `items`: the colour's stock, split evenly across its sizes (the remainder to the first
   * sizes). With `items` it is their sum and is ignored (a product read can be sent back).
   */
  stock: stockSchema.optional(),
  /** Stock, article and barcode per size; sizes left out keep theirs (a new one starts at 0). */
  items: z.array(itemInputSchema).max(50).optional(),
  images: z.array(imageNameSchema).max(20).default([]),
  /** As a product is answered (the colour record): accepted so that a product read can be sent back, and ignored. */
  color: z.unknown().optional(),
}).superRefine((variant, context) => {
  if (variant.items === undefined && variant.stock === undefined) context.addIssue({ code: 'custom', path: ['stock'], message: 'Укажите остаток' });
  const sizes = (variant.items ?? []).map((item) => item.sizeId ?? 0);
  if (new Set(sizes).size !== sizes.length) context.addIssue({ code: 'custom', path: ['items'], message: 'Размер указан дважды' });
});

export const productInputShape = {
  name: nameSchema,
  url: urlSlugSchema,
  desc: z.string().trim().max(20_000).default(''),
  availability: z.boolean().default(true),
  categories: z.array(z.number().int().positive()).max(20).default([]),
  brands: z.array(z.number().int().positive()).max(10).default([]),
  tags: z.array(z.number().int().positive()).max(50).default([]),
  sizes: z.array(z.number().int().positive()).max(50).default([]),
  parameters: z.record(z.string().trim().min(1).max(100), z.string().trim().max(500)).default({}),
  extra: z.record(z.string(), z.unknown()).default({}),
  variants: z.array(variantInputSchema).min(1, 'Добавьте хотя бы один вариант').max(50),
};

/**
 * POST and PUT /products: the fields above, and any other top-level field, which is kept as part
 * of the product's open set (`extra`) unless it names something the product already answers.
 */
/** Names an integrator may mistake for real fields: refused, naming the field meant, never kept as extras. */
const productFieldAliases: Readonly<Record<string, string>> = { available: 'availability', category: 'categories', brand: 'brands', tag: 'tags', size: 'sizes' };

function refuseAliases(value: Record<string, unknown>, context: z.core.$RefinementCtx): void {
  for (const [alias, field] of Object.entries(productFieldAliases)) {
    if (alias in value) context.addIssue({ code: 'custom', path: [alias], message: `Неизвестное поле ${alias}: укажите ${field}` });
  }
}

export const productInputSchema = z.looseObject(productInputShape).superRefine(refuseAliases);
export type ProductInput = z.input<typeof productInputSchema>;

export const productSortColumns = ['price', 'name', 'createdAt', 'rating', 'id'] as const;

/** GET /products: every filter of the product list (docs/catalogue.md). List filters take ids or urls, `a,b` or repeated. */
export const productFilterShape = {
  name: z.string().trim().max(200).optional(),
  minPrice: decimalQuerySchema.optional(),
  maxPrice: decimalQuerySchema.optional(),
  desc: z.string().trim().max(200).optional(),
  /** true: only products in stock and offered for sale; false is refused (leave it out to see every product). */
  available: flagSchema
    .refine((value) => value, { message: 'available принимает только true (только в наличии); чтобы увидеть все товары, не передавайте его' })
    .optional(),
  colors: refListSchema,
  categories: refListSchema,
  brands: refListSchema,
  tags: refListSchema,
  sizes: refListSchema,
  /** A category (id or url) whose whole subtree is searched; same as one entry of `categories`. */
  parent: refSchema.optional(),
};

/** `relevance` ranks by how well the name matches `name`; meaningful only with `name`. */
export const productListSortColumns = [...productSortColumns, 'relevance'] as const;

/** A price window the wrong way round is refused rather than guessed at. */
function refuseInvertedPrices(value: { minPrice?: number | undefined; maxPrice?: number | undefined }, context: z.core.$RefinementCtx): void {
  if (value.minPrice !== undefined && value.maxPrice !== undefined && value.minPrice > value.maxPrice) {
    context.addIssue({ code: 'custom', path: ['minPrice'], message: `minPrice (${value.minPrice}) больше maxPrice (${value.maxPrice})` });
  }
}

export const productListSchema = z
  .object({
    ...productFilterShape,
    ...sortShape(productSortColumns, 'createdAt'),
    /** Absent: by relevance when `name` is given, otherwise by createdAt. */
    sortBy: z.enum(productListSortColumns).optional(),
    ...pagingShape,
    limit: limitSchema(1000, 12),
    // The description on the string itself: on the optional wrapper the document drops it.
    cursor: z
      .string()
      .max(500)
      .meta({
        description:
          'Обход по курсору: пустой cursor — первая страница, затем nextCursor из предыдущего ответа; следующие товары после него, ' +
          'без повторов и пропусков, даже если товары добавляются. Не с offset и не с сортировкой по релевантности (relevance, поиск по name без sortBy).',
      })
      .optional(),
  })
  .superRefine(refuseInvertedPrices);
export type ProductListInput = z.input<typeof productListSchema>;
export const productListResponseSchema = listResponse(productCardSchema).extend({
  /** true: `length` is the planner's estimate of more than 10 000 matches, shown as «более 10 000». */
  approximate: z.boolean(),
  /** The search as it was understood, when a word was in the other keyboard layout, in Latin letters or mistyped. */
  correctedQuery: z.string().optional(),
  /** Nearest known words when a search word matched nothing. */
  suggestions: z.array(z.string()).optional(),
  /** Only when `cursor` was given: the next page's cursor, null on the last page. */
  nextCursor: z
    .string()
    .nullable()
    .optional()
    .meta({ description: 'Только при cursor в запросе: курсор следующей страницы, null — товаров больше нет' }),
});

export const priceRangeSchema = z.object(productFilterShape).superRefine(refuseInvertedPrices);
export const priceRangeResponseSchema = z.object({ minPrice: z.number(), maxPrice: z.number() });

export const productIdSchema = z.object({ productId: idSchema });
export const productUpdateSchema = z.looseObject({ productId: idSchema, ...productInputShape, ...versionInputShape }).superRefine(refuseAliases);
export const productUrlSchema = z.object({ url: z.string().trim().min(1).max(200) });
