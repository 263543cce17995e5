import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema';
import { type SettingKey, type SettingValue, settingDefaults } from '../../../shared/settings/settings';
import type { Clock } from '../../../shared/clock';

/**
 * `businessName`: the site facts' name in use, which an unset brand text reads as (decision 0059),
 * so a centre that never touched the brand text sees its new name in the header.
 */
export function createSettingsRepo(db: Kysely<DatabaseSchema>, clock: Clock, businessName: () => Promise<string>) {
  return {
    /**
     * A stored setting, or its default when staff have not set it. `name` answers the business
     * name an unset brand text reads as: the one in use, unless a preview gives its own.
     */
    async get(key: SettingKey, name: () => Promise<string> = businessName): Promise<SettingValue> {
      const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
      if (row) return { key, value: row.value };
      return { key, value: key === 'brand_text' ? await name() : settingDefaults[key] };
    },

    async set(key: SettingKey, value: string): Promise<SettingValue> {
      const updatedAt = clock().toISOString();
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
