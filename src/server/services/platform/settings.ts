import type { Config } from '../../config.js';
import type { Db } from '../../db/connection.js';
import {
  settingDefaults,
  settingShapes,
  type AdminShopSettings,
  type PublicShopSettings,
  type SettingName,
  type ShopSettings,
  type ShopSettingsUpdate,
} from '../../../shared/schemas/settings.js';

const names = Object.keys(settingShapes) as SettingName[];

/**
 * The shop's settings (docs/settings.md): stored values over the defaults. A stored value the
 * schema no longer accepts (a setting whose choices changed) reads as its default.
 */
export async function readSettings(db: Db): Promise<ShopSettings> {
  const rows = await db.selectFrom('shopSettings').select(['name', 'value']).execute();
  const settings: Record<string, unknown> = { ...settingDefaults };
  for (const row of rows) {
    if (!(names as string[]).includes(row.name)) continue;
    const parsed = settingShapes[row.name as SettingName].safeParse(row.value);
    if (parsed.success) settings[row.name] = parsed.data;
  }
  return settings as ShopSettings;
}

/** One setting, read alone (e.g. inside a write that depends on it). */
export async function readSetting<Name extends SettingName>(db: Db, name: Name): Promise<ShopSettings[Name]> {
  const row = await db.selectFrom('shopSettings').select('value').where('name', '=', name).executeTakeFirst();
  const parsed = row ? settingShapes[name].safeParse(row.value) : undefined;
  return (parsed?.success ? parsed.data : settingDefaults[name]) as ShopSettings[Name];
}

/** Writes the given settings in one transaction and answers the whole set. */
export async function updateSettings(db: Db, update: ShopSettingsUpdate, userId: number): Promise<ShopSettings> {
  const entries = Object.entries(update).filter(([, value]) => value !== undefined);
  if (entries.length > 0) {
    await db.transaction().execute(async (trx) => {
      for (const [name, value] of entries) {
        await trx
          .insertInto('shopSettings')
          .values({ name, value: JSON.stringify(value), updatedBy: userId })
          .onConflict((oc) => oc.column('name').doUpdateSet({ value: JSON.stringify(value), updatedBy: userId, updatedAt: new Date() }))
          .execute();
      }
    });
  }
  return readSettings(db);
}

export function adminSettings(settings: ShopSettings, config: Config): AdminShopSettings {
  return { ...settings, onlinePaymentConfigured: Boolean(config.payments.yookassa) };
}

export function publicSettings(settings: ShopSettings, config: Config): PublicShopSettings {
  return { onlinePaymentAvailable: settings.onlinePayment && Boolean(config.payments.yookassa), moderation: settings.moderation };
}
