import { z } from 'zod';

/** The catalogue's CSV import (docs/catalogue-import.md): the check of a file, then its job. */
export const importIdSchema = z.object({ importId: z.uuid('Неверный номер загрузки') });

export const importRowProblemSchema = z.object({
  /** The row's number in the file, the header being row 1. */
  line: z.number().int(),
  article: z.string(),
  messages: z.array(z.string()),
});

export const importPreviewSchema = z.object({
  /** Present when every row is fine: the file can be applied under this id. */
  importId: z.uuid().nullable(),
  rows: z.number().int(),
  fileProblems: z.array(z.string()),
  problems: z.array(importRowProblemSchema),
  counts: z.object({ newProducts: z.number().int(), updatedProducts: z.number().int(), newItems: z.number().int(), updatedItems: z.number().int() }),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

export const importStateSchema = z.object({
  importId: z.uuid(),
  status: z.enum(['checked', 'running', 'done', 'failed']),
  /** Steps written so far of `total` (rows of products, colours and items, then a few finishing steps). */
  done: z.number().int(),
  total: z.number().int(),
  error: z.string().nullable(),
});
export type ImportState = z.infer<typeof importStateSchema>;
