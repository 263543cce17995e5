import type { SettingKey, SettingValue } from '../../../shared/settings/settings';
import type { UploadProgress } from '../../lib/upload-with-progress';
import { useAdminCalls } from '../session';
import type { AdminTransport } from '../transport';

/** The logo manager's calls: a setting saved, the logo uploaded. */
export function settingsApi({ json, upload }: AdminTransport) {
  return {
    save: (key: SettingKey, value: string) => json<SettingValue>('POST', '/api/settings', { key, value }),
    uploadLogo: (file: File, onProgress?: (progress: UploadProgress) => void) => {
      const form = new FormData();
      form.set('logo', file);
      return upload<{ logoPath: string; shown: boolean }>('/api/logo/upload', form, onProgress);
    },
  };
}

export type SettingsApi = ReturnType<typeof settingsApi>;

export const useSettingsApi = () => useAdminCalls(settingsApi);
