import { z } from '../zod.js';

/**
 * The shop's run-time settings (docs/settings.md), changed by the Admin in «Настройки → Магазин».
 * Each setting has its own schema and a default; the server keeps only what was changed. A new
 * setting is one line in `settingShapes` and one in `settingDefaults`.
 */
export const moderationModes = ['post', 'pre'] as const;
export type ModerationMode = (typeof moderationModes)[number];
export const moderationModeLabels: Record<ModerationMode, string> = {
  post: 'Постмодерация: публикуется сразу, можно скрыть',
  pre: 'Премодерация: публикуется после проверки',
};

export const settingShapes = {
  /** Offer «Онлайн» in checkout (only when the payment provider is configured as well). */
  onlinePayment: z.boolean({ error: 'Укажите, принимать ли оплату онлайн' }),
  /** Reviews, their photos and questions: shown at once, or only once approved. */
  moderation: z.enum(moderationModes, { error: 'Выберите режим модерации' }),
};

export const shopSettingsSchema = z.object(settingShapes);
export type ShopSettings = z.infer<typeof shopSettingsSchema>;
export type SettingName = keyof ShopSettings;

export const settingDefaults: ShopSettings = {
  onlinePayment: true,
  moderation: 'post',
};

/** PUT /settings (Admin): any subset; the answer is the whole set. */
export const shopSettingsUpdateSchema = shopSettingsSchema.partial();
export type ShopSettingsUpdate = z.infer<typeof shopSettingsUpdateSchema>;

/** What the Admin sees: the settings and what the server's environment decides beside them. */
export const adminShopSettingsSchema = shopSettingsSchema.extend({
  onlinePaymentConfigured: z.boolean().meta({ description: 'YOOKASSA_SHOP_ID and YOOKASSA_SECRET_KEY are set on the server.' }),
});
export type AdminShopSettings = z.infer<typeof adminShopSettingsSchema>;

/** GET /settings: what the storefront needs to know (anyone). */
export const publicShopSettingsSchema = z.object({
  onlinePaymentAvailable: z.boolean().meta({ description: 'Checkout offers «Онлайн»: enabled by the Admin and the provider configured.' }),
  moderation: z.enum(moderationModes),
});
export type PublicShopSettings = z.infer<typeof publicShopSettingsSchema>;
