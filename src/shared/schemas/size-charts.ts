import { z } from '../zod.js';
import { idSchema, listResponse, pagingShape, versionInputShape, versionSchema } from './common.js';

/**
 * Size charts (docs/catalogue.md, "Size charts"): one per category, a title and a table of text
 * cells — a header row (`columns`) and rows of as many cells. A product shows the chart of its
 * nearest category (or ancestor) that has one.
 */

const cellSchema = z.string().trim().max(100, 'Ячейка длиннее 100 символов');

export const sizeChartSchema = z.object({
  id: z.number().int(),
  categoryId: z.number().int(),
  categoryName: z.string(),
  title: z.string(),
  columns: z.array(z.string()),
  rows: z.array(z.array(z.string())),
  version: versionSchema,
});
export type SizeChart = z.infer<typeof sizeChartSchema>;

const sizeChartShape = {
  categoryId: z.number({ error: 'Выберите категорию' }).int().positive('Выберите категорию'),
  title: z.string().trim().min(1, 'Укажите заголовок').max(200, 'Слишком длинный заголовок'),
  columns: z.array(cellSchema.min(1, 'Укажите заголовок столбца')).min(1, 'Добавьте хотя бы один столбец').max(20, 'Не больше 20 столбцов'),
  rows: z.array(z.array(cellSchema)).min(1, 'Добавьте хотя бы одну строку').max(100, 'Не больше 100 строк'),
};

/** Every row has a cell per column. */
function sameWidth(chart: { columns: string[]; rows: string[][] }, context: z.core.$RefinementCtx): void {
  chart.rows.forEach((row, index) => {
    if (row.length !== chart.columns.length) {
      context.addIssue({ code: 'custom', path: ['rows', index], message: `В строке ${index + 1} ячеек ${row.length}, а столбцов ${chart.columns.length}` });
    }
  });
}

export const sizeChartInputSchema = z.object(sizeChartShape).superRefine(sameWidth);
export type SizeChartInput = z.input<typeof sizeChartInputSchema>;

export const sizeChartListSchema = z.object({ ...pagingShape });
export const sizeChartListResponseSchema = listResponse(sizeChartSchema);
export const sizeChartIdSchema = z.object({ sizeChartId: idSchema });
export const sizeChartUpdateSchema = z.object({ sizeChartId: idSchema, ...sizeChartShape, ...versionInputShape }).superRefine(sameWidth);
export const productSizeChartSchema = z.object({ productId: idSchema });
/** The chart a product shows, or null when neither its categories nor their ancestors have one. */
export const productSizeChartResponseSchema = z.object({ chart: sizeChartSchema.nullable() });
