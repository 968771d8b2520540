import { adminShopSettingsSchema, publicShopSettingsSchema, shopSettingsUpdateSchema } from '../../../shared/schemas/settings.js';
import { z } from '../../../shared/zod.js';
import { adminSettings, publicSettings, readSettings, updateSettings } from '../../services/platform/settings.js';
import { adminProcedure, publicProcedure, router } from '../../trpc.js';

const tags = ['settings'];

/** The shop's run-time settings (docs/settings.md): what the storefront needs, read by anyone; all of them, by the Admin. */
export const settingsRouter = router({
  public: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/settings', tags, summary: 'Настройки магазина для витрины (способы оплаты, модерация)' } })
    .input(z.object({}))
    .output(publicShopSettingsSchema)
    .query(async ({ ctx }) => publicSettings(await readSettings(ctx.db), ctx.config)),

  get: adminProcedure
    .meta({ openapi: { method: 'GET', path: '/settings/shop', tags, protect: true, summary: 'Все настройки магазина' } })
    .input(z.object({}))
    .output(adminShopSettingsSchema)
    .query(async ({ ctx }) => adminSettings(await readSettings(ctx.db), ctx.config)),

  update: adminProcedure
    .meta({ openapi: { method: 'PUT', path: '/settings/shop', tags, protect: true, summary: 'Изменить настройки магазина (любые из них)' } })
    .input(shopSettingsUpdateSchema)
    .output(adminShopSettingsSchema)
    .mutation(async ({ ctx, input }) => adminSettings(await updateSettings(ctx.db, input, ctx.user.id), ctx.config)),
});
