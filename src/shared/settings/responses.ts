import { z } from 'zod';
import { imageRecordSchema } from '../images/responses';
import { bodyOf } from '../response-schema';
import { settingKeys, type SettingValue } from './settings';

/** A setting as the API answers it (decision 0069). */
export const settingValueSchema = bodyOf<SettingValue>()(z.object({ key: z.enum(settingKeys), value: z.string() }));

/** POST /api/logo/upload: the logo's address, now shown, and the library's record of it. */
export const logoUploadedSchema = z.object({ logoPath: z.string(), shown: z.boolean(), image: imageRecordSchema });
