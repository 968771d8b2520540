import { TRPCError } from '@trpc/server';
import { importIdSchema, importStateSchema } from '../../../shared/schemas/catalogue-io.js';
import { catalogueImports } from '../../services/catalogue/io/jobs.js';
import { adminProcedure, router, userProcedure } from '../../trpc.js';

const tags = ['products'];

/**
 * The admin's view of a running import. It reads memory only, never the database: on the embedded
 * database the import's transaction holds the one connection, and a poll that waited for it would
 * show nothing until the end. So the role is the token's claim, and the import must be the
 * caller's own (its id is a random UUID given to the admin who uploaded the file).
 */
const importWatcherProcedure = userProcedure
  .use(({ ctx, next }) => {
    if (ctx.user.role !== 'Admin') throw new TRPCError({ code: 'FORBIDDEN' });
    return next();
  })
  .meta({ access: 'admin' });

export const importsRouter = router({
  start: adminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/products/imports/{importId}/apply',
        tags,
        protect: true,
        summary: 'Загрузить проверенный CSV-файл каталога: одна транзакция, ход — в GET /products/imports/{importId}',
      },
    })
    .input(importIdSchema)
    .output(importStateSchema)
    .mutation(({ ctx, input }) => catalogueImports(ctx.db).start(ctx.user.id, input.importId)),

  state: importWatcherProcedure
    .meta({ openapi: { method: 'GET', path: '/products/imports/{importId}', tags, protect: true, summary: 'Ход загрузки CSV-файла каталога' } })
    .input(importIdSchema)
    .output(importStateSchema)
    .query(({ ctx, input }) => catalogueImports(ctx.db).state(ctx.user.id, input.importId)),
});
