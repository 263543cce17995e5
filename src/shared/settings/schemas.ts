import { z } from 'zod';
import { settingKeys } from './settings';

const booleanSettings = new Set(['show_site_logo', 'show_brand_text']);

/** POST /api/settings: one of the four keys with a string value; booleans are 'true' or 'false'. */
export const settingUpdateSchema = z
  .object({
    key: z.enum(settingKeys, { error: `Key must be one of: ${settingKeys.join(', ')}.` }),
    value: z.string({ error: 'Value must be a string.' }).max(500, 'Value must be at most 500 characters.'),
  })
  .strict()
  .superRefine(({ key, value }, context) => {
    if (booleanSettings.has(key) && value !== 'true' && value !== 'false') {
      context.addIssue({ code: 'custom', path: ['value'], message: `${key} must be 'true' or 'false'.` });
    }
    if (key === 'site_logo' && value !== '' && !/^(?:\/(?!\/)|https:\/\/)\S*$/.test(value)) {
      context.addIssue({
        code: 'custom',
        path: ['value'],
        message: 'site_logo must be an address on this site (starting with /) or an https:// URL.',
      });
    }
  });
