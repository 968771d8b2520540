import { okSchema } from '../../../shared/schemas/common.js';
import {
  dictionaryIdSchema,
  dictionaryInputSchema,
  dictionaryItemSchema,
  dictionaryListResponseSchema,
  dictionaryListSchema,
  dictionaryUpdateSchema,
  type DictionaryInput,
} from '../../../shared/schemas/dictionaries.js';
import {
  createDictionaryItem,
  deleteDictionaryItem,
  getDictionaryItem,
  listDictionary,
  updateDictionaryItem,
  type DictionaryTable,
} from '../../services/catalogue/dictionary.js';
import { adminProcedure, router } from '../../trpc.js';
import { replicaReadProcedure } from '../replica-reads.js';

type Edit = DictionaryInput & { version?: number | undefined };

/**
 * The parsed input of a dictionary call, read through the key its path names. The schemas built
 * from `key` guarantee the shape; TypeScript cannot follow a generic key through zod's types.
 */
function idIn<K extends string>(input: unknown, key: K): number {
  return (input as Record<K, number>)[key];
}

/**
 * Tags and sizes are one small dictionary (id, name, url) in two tables: one router factory, so
 * their REST paths (`/tags/{tagId}`, `/sizes/{sizeId}`) and rules cannot drift apart.
 */
export function dictionaryRouter<K extends string>(table: DictionaryTable, key: K, listSummary: string) {
  const byId = dictionaryIdSchema(key);
  const tags = [table];
  const listPath = `/${table}` as const;
  const itemPath = `/${table}/{${key}}` as const;
  return router({
    list: replicaReadProcedure
      .meta({ openapi: { method: 'GET', path: listPath, tags, summary: listSummary } })
      .input(dictionaryListSchema)
      .output(dictionaryListResponseSchema)
      .query(({ ctx, input }) => listDictionary(ctx.readDb, table, input)),

    get: replicaReadProcedure
      .meta({ openapi: { method: 'GET', path: itemPath, tags } })
      .input(byId)
      .output(dictionaryItemSchema)
      .query(({ ctx, input }) => getDictionaryItem(ctx.readDb, table, idIn(input, key))),

    create: adminProcedure
      .meta({ openapi: { method: 'POST', path: listPath, tags, protect: true } })
      .input(dictionaryInputSchema)
      .output(dictionaryItemSchema)
      .mutation(({ ctx, input }) => createDictionaryItem(ctx.db, table, input)),

    update: adminProcedure
      .meta({ openapi: { method: 'PUT', path: itemPath, tags, protect: true } })
      .input(dictionaryUpdateSchema(key))
      .output(dictionaryItemSchema)
      .mutation(({ ctx, input }) => {
        const { name, url, version } = input as Edit;
        return updateDictionaryItem(ctx.db, table, idIn(input, key), { name, url }, version);
      }),

    delete: adminProcedure
      .meta({ openapi: { method: 'DELETE', path: itemPath, tags, protect: true } })
      .input(byId)
      .output(okSchema)
      .mutation(({ ctx, input }) => deleteDictionaryItem(ctx.db, table, idIn(input, key))),
  });
}
