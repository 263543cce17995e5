import { defaultSiteFacts } from '../site-facts/defaults';

export const settingKeys = ['site_logo', 'show_site_logo', 'brand_text', 'show_brand_text'] as const;
export type SettingKey = (typeof settingKeys)[number];

/** What a setting reads as before staff change it. Booleans are the strings 'true' and 'false'. */
export const settingDefaults: Record<SettingKey, string> = {
  site_logo: '',
  show_site_logo: 'false',
  // Unset, the brand text is the business's name in use (the server's settings repository asks
  // the site facts), so a renamed centre's header follows; this is a fresh install's name.
  brand_text: defaultSiteFacts.details.name,
  show_brand_text: 'true',
};

/** A logo is at most 5 MB whatever the general upload limit is; the admin checks it before sending. */
export const LOGO_MAX_BYTES = 5 * 1024 * 1024;

export interface SettingValue {
  key: SettingKey;
  value: string;
}

/**
 * Splits brand text into the blue first word and the red rest. Emptied, it falls back to the
 * business's name in capitals (`NORTHSTAR` / `TUTORS` for the built-in name).
 */
export function brandWords(brandText: string | undefined, businessName: string): [string, string] {
  const words = (brandText ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length > 0) return [words[0]!, words.slice(1).join(' ')];
  const [first = '', ...rest] = businessName.toUpperCase().trim().split(/\s+/);
  return [first, rest.join(' ')];
}
