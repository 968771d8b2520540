import { schemaResolver, type FormErrors } from '@mantine/form';
import { randomId } from '@mantine/hooks';
import { productInputSchema, type Product, type ProductInput } from '../../../shared/schemas/catalogue.js';

/**
 * The product form holds what the admin types: number fields may be empty (''), characteristics
 * may be left blank, and the open set of extra fields is edited as JSON text. `toProductInput`
 * turns that into the shared `productInputSchema` shape, which is what is validated and sent.
 */
export interface VariantValues {
  /** A stable React key for the variant's card while variants are added and removed. */
  key: string;
  id?: number;
  article: string;
  colorId: number | null;
  price: number | string;
  oldPrice: number | string;
  /** The colour's items by size key (`sizeKey`): stock, article and barcode per size. */
  items: Record<string, ItemValues>;
  images: string[];
}

/** One cell of the stock grid: the stock of one size of one colour, with its article and barcode. */
export interface ItemValues {
  stock: number | string;
  /** Empty: the colour's article, «/» and the size. */
  article: string;
  barcode: string;
}

/** The key of a size in `VariantValues.items`: `s12`, or `none` for the item of a product without sizes. */
export const sizeKey = (sizeId: number | null): string => (sizeId === null ? 'none' : `s${sizeId}`);

export const emptyItem: ItemValues = { stock: 0, article: '', barcode: '' };

/**
 * A cell as the grid shows it: the one typed or loaded, else a new size's 0 — or, for the no-size
 * item of a colour whose sizes were all removed, the sum of its sizes (its stock is not lost).
 */
export function itemOf(variant: VariantValues, sizeId: number | null): ItemValues {
  const item = variant.items[sizeKey(sizeId)];
  if (item) return item;
  if (sizeId !== null) return emptyItem;
  const total = Object.values(variant.items).reduce((sum, cell) => sum + (typeof cell.stock === 'number' ? cell.stock : 0), 0);
  return { ...emptyItem, stock: total };
}

export interface ProductValues {
  name: string;
  url: string;
  desc: string;
  availability: boolean;
  categories: number[];
  brands: number[];
  tags: number[];
  sizes: number[];
  parameters: Record<string, string>;
  extraJson: string;
  variants: VariantValues[];
}

export function emptyVariant(): VariantValues {
  return { key: randomId(), article: '', colorId: null, price: '', oldPrice: '', items: {}, images: [] };
}

export const emptyProduct: ProductValues = {
  name: '',
  url: '',
  desc: '',
  availability: true,
  categories: [],
  brands: [],
  tags: [],
  sizes: [],
  parameters: {},
  extraJson: '{}',
  variants: [emptyVariant()],
};

export function productToValues(product: Product): ProductValues {
  return {
    name: product.name,
    url: product.url,
    desc: product.desc,
    availability: product.availability,
    categories: product.categories.map((item) => item.id),
    brands: product.brands.map((item) => item.id),
    tags: product.tags.map((item) => item.id),
    sizes: product.sizes.map((item) => item.id),
    parameters: product.parameters,
    extraJson: JSON.stringify(product.extra, null, 2),
    variants: product.variants.map((variant) => ({
      key: String(variant.id),
      id: variant.id,
      article: variant.article,
      colorId: variant.color?.id ?? null,
      price: variant.price,
      oldPrice: variant.oldPrice ?? '',
      items: Object.fromEntries(
        variant.items.map((item) => {
          // An article the server made from the colour's (the default) is shown as the placeholder, not as typed text.
          const made = item.sizeName === null ? variant.article : `${variant.article}/${item.sizeName}`;
          return [sizeKey(item.sizeId), { stock: item.stock, article: item.article === made ? '' : item.article, barcode: item.barcode ?? '' }];
        }),
      ),
      images: variant.images,
    })),
  };
}

function parseExtra(text: string): Record<string, unknown> | null {
  if (!text.trim()) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const asNumber = (value: number | string): number => (typeof value === 'number' ? value : Number.NaN);

/** The grid's columns: the chosen sizes, or the one no-size item. */
export const sizesOf = (values: Pick<ProductValues, 'sizes'>): Array<number | null> => (values.sizes.length ? values.sizes : [null]);

export function toProductInput(values: ProductValues): ProductInput {
  return {
    name: values.name,
    url: values.url,
    desc: values.desc,
    availability: values.availability,
    categories: values.categories,
    brands: values.brands,
    tags: values.tags,
    sizes: values.sizes,
    parameters: Object.fromEntries(Object.entries(values.parameters).filter(([, value]) => value.trim() !== '')),
    extra: parseExtra(values.extraJson) ?? {},
    variants: values.variants.map((variant) => ({
      ...(variant.id ? { id: variant.id } : {}),
      article: variant.article,
      colorId: variant.colorId,
      price: asNumber(variant.price),
      oldPrice: variant.oldPrice === '' ? null : asNumber(variant.oldPrice),
      items: sizesOf(values).map((sizeId) => {
        const item = itemOf(variant, sizeId);
        return { sizeId, stock: asNumber(item.stock), barcode: item.barcode, ...(item.article.trim() ? { article: item.article } : {}) };
      }),
      images: variant.images,
    })),
  };
}

const resolveProduct = schemaResolver(productInputSchema, { sync: true });

/** The shared schema's errors, with plain words where a field was simply left empty. */
export function validateProduct(values: ProductValues): FormErrors {
  const errors = resolveProduct(toProductInput(values));
  values.variants.forEach((variant, index) => {
    if (variant.price === '') errors[`variants.${index}.price`] = 'Укажите цену';
    sizesOf(values).forEach((sizeId, position) => {
      if (itemOf(variant, sizeId).stock === '') errors[`variants.${index}.items.${position}.stock`] = 'Укажите остаток';
    });
    const oldPrice = asNumber(variant.oldPrice);
    if (variant.oldPrice !== '' && typeof variant.price === 'number' && oldPrice <= variant.price) {
      errors[`variants.${index}.oldPrice`] = 'Старая цена должна быть больше текущей';
    }
  });
  if (parseExtra(values.extraJson) === null) errors['extraJson'] = 'Нужен JSON-объект, например {"сезон": "лето"}';
  return errors;
}
