import { okSchema } from '../../../shared/schemas/common.js';
import {
  scannerCheckInputSchema,
  scannerCheckSchema,
  scannerIdSchema,
  scannerInputSchema,
  scannerListResponseSchema,
  scannerListSchema,
  scannerSchema,
  scannerUpdateSchema,
} from '../../../shared/schemas/content.js';
import { checkQrCode, createScanner, deleteScanner, getScanner, listScanners, updateScanner } from '../../services/content/scanners.js';
import { adminProcedure, publicProcedure, rateLimited, router } from '../../trpc.js';

const tags = ['scanner'];

export const scannerRouter = router({
  list: adminProcedure
    .meta({ openapi: { method: 'GET', path: '/scanner', tags, protect: true, summary: 'QR-коды подлинности: список с фильтром по меткам' } })
    .input(scannerListSchema)
    .output(scannerListResponseSchema)
    .query(({ ctx, input }) => listScanners(ctx.db, input)),

  get: adminProcedure
    .meta({ openapi: { method: 'GET', path: '/scanner/{scannerId}', tags, protect: true } })
    .input(scannerIdSchema)
    .output(scannerSchema)
    .query(({ ctx, input }) => getScanner(ctx.db, input.scannerId)),

  create: adminProcedure
    .meta({ openapi: { method: 'POST', path: '/scanner', tags, protect: true, summary: 'Создать QR-код (без qrCode сервер создаст неугадываемый)' } })
    .input(scannerInputSchema)
    .output(scannerSchema)
    .mutation(({ ctx, input }) => createScanner(ctx.db, input)),

  update: adminProcedure
    .meta({ openapi: { method: 'PUT', path: '/scanner/{scannerId}', tags, protect: true } })
    .input(scannerUpdateSchema)
    .output(scannerSchema)
    .mutation(({ ctx, input: { scannerId, version, ...fields } }) => updateScanner(ctx.db, scannerId, fields, version)),

  delete: adminProcedure
    .meta({ openapi: { method: 'DELETE', path: '/scanner/{scannerId}', tags, protect: true } })
    .input(scannerIdSchema)
    .output(okSchema)
    .mutation(({ ctx, input }) => deleteScanner(ctx.db, input.scannerId)),

  /** The public page a QR code points to: genuine or not, and how often it was checked. */
  check: publicProcedure
    .use(rateLimited('qrCheck'))
    .meta({ openapi: { method: 'POST', path: '/scanner/check/{code}', tags, summary: 'Проверка подлинности по коду (считается каждая проверка)' } })
    .input(scannerCheckInputSchema)
    .output(scannerCheckSchema)
    .mutation(({ ctx, input }) => checkQrCode(ctx.db, input.code)),
});
