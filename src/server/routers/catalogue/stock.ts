import {
  adminProductListResponseSchema,
  adminProductListSchema,
  stockChangeResponseSchema,
  stockChangeSchema,
  stockItemListResponseSchema,
  stockItemListSchema,
} from '../../../shared/schemas/stock.js';
import { adminProcedure, router } from '../../trpc.js';
import { changeStock, listAdminProducts, listStockItems } from '../../services/catalogue/stock-admin.js';

const tags = ['stock'];

/** The back office's stock: admin product list, items, bulk change (docs/catalogue.md). */
export const stockRouter = router({
  products: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/products',
        tags,
        summary: 'Товары для администратора: фильтры по категории, бренду, наличию и малому остатку',
        description: 'inStock: the product has stock (true) or none (false); lowStock=true: some size of some colour has at most 3 units. Newest first.',
      },
    })
    .input(adminProductListSchema)
    .output(adminProductListResponseSchema)
    .query(({ ctx, input }) => listAdminProducts(ctx.db, input)),

  items: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/stock',
        tags,
        summary: 'Остатки: позиции (цвет × размер) с фильтрами',
        description: 'inStock: the item has stock (true) or none (false); lowStock=true: at most 3 units. Newest product first, then colour and size.',
      },
    })
    .input(stockItemListSchema)
    .output(stockItemListResponseSchema)
    .query(({ ctx, input }) => listStockItems(ctx.db, input)),

  change: adminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/stock',
        tags,
        protect: true,
        summary: 'Установить или добавить остаток выбранным позициям',
        description:
          'mode=set: each item gets `quantity`; mode=add: `quantity` (may be negative) is added. All or nothing: a result below zero answers 400 naming the items and changes nothing.',
      },
    })
    .input(stockChangeSchema)
    .output(stockChangeResponseSchema)
    .mutation(({ ctx, input }) => changeStock(ctx.db, input)),
});
