import {
  categoryIdSchema,
  categoryInputSchema,
  categoryListResponseSchema,
  categoryListSchema,
  categorySchema,
  categoryTreeNodeSchema,
  categoryUpdateSchema,
} from '../../../shared/schemas/catalogue.js';
import { okSchema } from '../../../shared/schemas/common.js';
import { z } from '../../../shared/zod.js';
import { adminProcedure, router } from '../../trpc.js';
import { replicaReadProcedure } from '../replica-reads.js';
import {
  categoryTree,
  createCategory,
  deleteCategory,
  getCategory,
  listCategories,
  updateCategory,
} from '../../services/catalogue/categories.js';

const tags = ['categories'];

export const categoriesRouter = router({
  list: replicaReadProcedure
    .meta({ openapi: { method: 'GET', path: '/categories', tags, summary: 'Категории: список с фильтрами' } })
    .input(categoryListSchema)
    .output(categoryListResponseSchema)
    .query(({ ctx, input }) => listCategories(ctx.readDb, input)),

  // Declared before /categories/{categoryId} so the literal path wins.
  tree: replicaReadProcedure
    .meta({ openapi: { method: 'GET', path: '/categories/categoriesTree', tags, summary: 'Дерево категорий' } })
    .input(z.object({}))
    .output(z.array(categoryTreeNodeSchema))
    .query(({ ctx }) => categoryTree(ctx.readDb)),

  get: replicaReadProcedure
    .meta({ openapi: { method: 'GET', path: '/categories/{categoryId}', tags } })
    .input(categoryIdSchema)
    .output(categorySchema)
    .query(({ ctx, input }) => getCategory(ctx.readDb, input.categoryId)),

  create: adminProcedure
    .meta({ openapi: { method: 'POST', path: '/categories', tags, protect: true } })
    .input(categoryInputSchema)
    .output(categorySchema)
    .mutation(({ ctx, input }) => createCategory(ctx.db, input)),

  update: adminProcedure
    .meta({ openapi: { method: 'PUT', path: '/categories/{categoryId}', tags, protect: true } })
    .input(categoryUpdateSchema)
    .output(categorySchema)
    .mutation(({ ctx, input: { categoryId, version, ...fields } }) => updateCategory(ctx.db, categoryId, fields, version)),

  delete: adminProcedure
    .meta({ openapi: { method: 'DELETE', path: '/categories/{categoryId}', tags, protect: true } })
    .input(categoryIdSchema)
    .output(okSchema)
    .mutation(({ ctx, input }) => deleteCategory(ctx.db, input.categoryId)),
});
