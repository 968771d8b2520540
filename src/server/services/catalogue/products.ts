import { TRPCError } from '@trpc/server';
import type { z } from 'zod';
import type {
  Product,
  ProductCard,
  priceRangeSchema,
  productInputSchema,
  productListSchema,
} from '../../../shared/schemas/catalogue.js';
import type { Db } from '../../db/connection.js';

// Placeholder bodies so the router signatures can be committed first; implemented next.

type ProductFields = z.output<typeof productInputSchema>;

function notYet(): never {
  throw new TRPCError({ code: 'NOT_IMPLEMENTED' });
}

export function listProducts(_db: Db, _input: z.output<typeof productListSchema>): Promise<{ rows: ProductCard[]; length: number }> {
  return Promise.resolve(notYet());
}
export function priceRange(_db: Db, _input: z.output<typeof priceRangeSchema>): Promise<{ minPrice: number; maxPrice: number }> {
  return Promise.resolve(notYet());
}
export function getProduct(_db: Db, _id: number): Promise<Product> {
  return Promise.resolve(notYet());
}
export function getProductByUrl(_db: Db, _url: string): Promise<Product> {
  return Promise.resolve(notYet());
}
export function createProduct(_db: Db, _input: ProductFields): Promise<Product> {
  return Promise.resolve(notYet());
}
export function updateProduct(_db: Db, _id: number, _input: ProductFields): Promise<Product> {
  return Promise.resolve(notYet());
}
export function deleteProduct(_db: Db, _id: number): Promise<{ ok: true }> {
  return Promise.resolve(notYet());
}
