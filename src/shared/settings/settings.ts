import { site } from '../site';

export const settingKeys = ['site_logo', 'show_site_logo', 'brand_text', 'show_brand_text'] as const;
export type SettingKey = (typeof settingKeys)[number];

/** What a setting reads as before staff change it. Booleans are the strings 'true' and 'false'. */
export const settingDefaults: Record<SettingKey, string> = {
  site_logo: '',
  show_site_logo: 'false',
  brand_text: site.name,
  show_brand_text: 'true',
};

/** A logo is at most 5 MB whatever the general upload limit is; the admin checks it before sending. */
export const LOGO_MAX_BYTES = 5 * 1024 * 1024;

export interface SettingValue {
  key: SettingKey;
  value: string;
}

/** Splits brand text into the blue first word and the red rest, falling back to the site's words. */
export function brandWords(brandText: string | undefined): [string, string] {
  const words = (brandText ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...site.brandFallbackWords];
  return [words[0]!, words.slice(1).join(' ')];
}
