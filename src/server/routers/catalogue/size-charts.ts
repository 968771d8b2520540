import { okSchema } from '../../../shared/schemas/common.js';
import {
  productSizeChartResponseSchema,
  productSizeChartSchema,
  sizeChartIdSchema,
  sizeChartInputSchema,
  sizeChartListResponseSchema,
  sizeChartListSchema,
  sizeChartSchema,
  sizeChartUpdateSchema,
} from '../../../shared/schemas/size-charts.js';
import { adminProcedure, router } from '../../trpc.js';
import { replicaReadProcedure } from '../replica-reads.js';
import {
  createSizeChart,
  deleteSizeChart,
  getSizeChart,
  listSizeCharts,
  productSizeChart,
  updateSizeChart,
} from '../../services/catalogue/size-charts.js';

const tags = ['size-charts'];

/** Size charts per category: admin CRUD, and the chart a product shows (docs/catalogue.md). */
export const sizeChartsRouter = router({
  list: adminProcedure
    .meta({ openapi: { method: 'GET', path: '/size-charts', tags, summary: 'Таблицы размеров' } })
    .input(sizeChartListSchema)
    .output(sizeChartListResponseSchema)
    .query(({ ctx, input }) => listSizeCharts(ctx.db, input)),

  get: adminProcedure
    .meta({ openapi: { method: 'GET', path: '/size-charts/{sizeChartId}', tags, summary: 'Таблица размеров' } })
    .input(sizeChartIdSchema)
    .output(sizeChartSchema)
    .query(({ ctx, input }) => getSizeChart(ctx.db, input.sizeChartId)),

  create: adminProcedure
    .meta({ openapi: { method: 'POST', path: '/size-charts', tags, protect: true, summary: 'Создать таблицу размеров категории' } })
    .input(sizeChartInputSchema)
    .output(sizeChartSchema)
    .mutation(({ ctx, input }) => createSizeChart(ctx.db, input)),

  update: adminProcedure
    .meta({ openapi: { method: 'PUT', path: '/size-charts/{sizeChartId}', tags, protect: true, summary: 'Изменить таблицу размеров' } })
    .input(sizeChartUpdateSchema)
    .output(sizeChartSchema)
    .mutation(({ ctx, input: { sizeChartId, version, ...fields } }) => updateSizeChart(ctx.db, sizeChartId, fields, version)),

  delete: adminProcedure
    .meta({ openapi: { method: 'DELETE', path: '/size-charts/{sizeChartId}', tags, protect: true, summary: 'Удалить таблицу размеров' } })
    .input(sizeChartIdSchema)
    .output(okSchema)
    .mutation(({ ctx, input }) => deleteSizeChart(ctx.db, input.sizeChartId)),

  forProduct: replicaReadProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/size-charts/by-product/{productId}',
        tags,
        summary: 'Таблица размеров товара',
        description: 'The chart of the nearest of the product’s categories or their ancestors that has one; `chart: null` when none has.',
      },
    })
    .input(productSizeChartSchema)
    .output(productSizeChartResponseSchema)
    .query(({ ctx, input }) => productSizeChart(ctx.readDb, input.productId)),
});
