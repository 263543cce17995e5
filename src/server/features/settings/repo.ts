import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema';
import { type SettingKey, type SettingValue, settingDefaults } from '../../../shared/settings/settings';

export function createSettingsRepo(db: Kysely<DatabaseSchema>) {
  return {
    /** A stored setting, or its default when staff have not set it. */
    async get(key: SettingKey): Promise<SettingValue> {
      const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
      return { key, value: row?.value ?? settingDefaults[key] };
    },

    async set(key: SettingKey, value: string): Promise<SettingValue> {
      const updatedAt = new Date().toISOString();
      await db
        .insertInto('settings')
        .values({ key, value, updated_at: updatedAt })
        .onConflict((conflict) => conflict.column('key').doUpdateSet({ value, updated_at: updatedAt }))
        .execute();
      return { key, value };
    },
  };
}

export type SettingsRepo = ReturnType<typeof createSettingsRepo>;
