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
  stock: number | string;
  images: string[];
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
  return { key: randomId(), article: '', colorId: null, price: '', oldPrice: '', stock: 0, images: [] };
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
      stock: variant.stock,
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
      stock: asNumber(variant.stock),
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
    if (variant.stock === '') errors[`variants.${index}.stock`] = 'Укажите остаток';
    const oldPrice = asNumber(variant.oldPrice);
    if (variant.oldPrice !== '' && typeof variant.price === 'number' && oldPrice <= variant.price) {
      errors[`variants.${index}.oldPrice`] = 'Старая цена должна быть больше текущей';
    }
  });
  if (parseExtra(values.extraJson) === null) errors['extraJson'] = 'Нужен JSON-объект, например {"сезон": "лето"}';
  return errors;
}
