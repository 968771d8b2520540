import {
  priceRangeResponseSchema,
  priceRangeSchema,
  productIdSchema,
  productInputSchema,
  productListResponseSchema,
  productListSchema,
  productSchema,
  productUpdateSchema,
  productUrlSchema,
} from '../../../shared/schemas/catalogue.js';
import { okSchema } from '../../../shared/schemas/common.js';
import { adminProcedure, router } from '../../trpc.js';
import { replicaReadProcedure } from '../replica-reads.js';
import { listProducts } from '../../services/catalogue/listing/list-products.js';
import { priceRange } from '../../services/catalogue/listing/price-range.js';
import { withSearchRecorded } from '../../services/catalogue/search/popular.js';
import { getProduct, getProductByUrl } from '../../services/catalogue/product-read.js';
import { createProduct, deleteProduct, updateProduct } from '../../services/catalogue/product-write.js';

const tags = ['products'];

export const productsRouter = router({
  list: replicaReadProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/products',
        tags,
        summary: 'Товары: страница каталога с фильтрами',
        description:
          'colors, categories, brands, tags, sizes and parent take ids or urls (a value of digits only is an id), ' +
          'as `a,b` or repeated. A category includes its whole subtree. Pages by `limit`/`offset`, or by `cursor` (keyset): ' +
          'an empty `cursor` starts a walk and each answer then carries `nextCursor`; every sort but relevance.',
      },
    })
    .input(productListSchema)
    .output(productListResponseSchema)
    .query(async ({ ctx, input }) => withSearchRecorded(ctx.db, input, await listProducts(ctx.readDb, input))),

  // Literal paths are declared before /products/{productId}.
  priceRange: replicaReadProcedure
    .meta({ openapi: { method: 'GET', path: '/products/priceRange', tags, summary: 'Наименьшая и наибольшая цена для фильтров' } })
    .input(priceRangeSchema)
    .output(priceRangeResponseSchema)
    .query(({ ctx, input }) => priceRange(ctx.readDb, input)),

  byUrl: replicaReadProcedure
    .meta({ openapi: { method: 'GET', path: '/products/by-url/{url}', tags } })
    .input(productUrlSchema)
    .output(productSchema)
    .query(({ ctx, input }) => getProductByUrl(ctx.readDb, input.url)),

  get: replicaReadProcedure
    .meta({ openapi: { method: 'GET', path: '/products/{productId}', tags } })
    .input(productIdSchema)
    .output(productSchema)
    .query(({ ctx, input }) => getProduct(ctx.readDb, input.productId)),

  create: adminProcedure
    .meta({ openapi: { method: 'POST', path: '/products', tags, protect: true } })
    .input(productInputSchema)
    .output(productSchema)
    .mutation(({ ctx, input }) => createProduct(ctx.db, input)),

  update: adminProcedure
    .meta({ openapi: { method: 'PUT', path: '/products/{productId}', tags, protect: true } })
    .input(productUpdateSchema)
    .output(productSchema)
    .mutation(({ ctx, input: { productId, version, ...fields } }) => updateProduct(ctx.db, productId, fields, version)),

  delete: adminProcedure
    .meta({ openapi: { method: 'DELETE', path: '/products/{productId}', tags, protect: true } })
    .input(productIdSchema)
    .output(okSchema)
    .mutation(({ ctx, input }) => deleteProduct(ctx.db, input.productId)),
});
