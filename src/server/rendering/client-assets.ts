import fs from 'node:fs';
import path from 'node:path';
import { criticalCss, parseStylesheet } from './critical-css';

/** Which script a page runs: the admin application (`app`), or the island loader of public pages (decision 0038). */
export type ClientKind = 'app' | 'islands';

/** One entry script and the chunks it imports statically (preloaded so they download in parallel). */
export interface ClientEntry {
  /** Module scripts, run in this order: the built entry (production) or Vite's client and ours (npm run dev). */
  scripts: string[];
  preloads: string[];
}

/** The built browser files a page must reference, read once from Vite's manifest. */
export interface ClientAssets {
  entries: Record<ClientKind, ClientEntry>;
  /**
   * The CSS one page needs for its first paint, written into its head (decisions 0011, 0012): a
   * first visit paints without waiting for a second request.
   */
  criticalCss(bodyHtml: string): string;
  /** The whole stylesheet(s), loaded without blocking the first paint, cached for a year. */
  stylesheets: string[];
}

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
  isDynamicEntry?: boolean;
}

export const clientEntries: Record<ClientKind, string> = {
  app: 'src/web/entry-client.tsx',
  islands: 'src/web/entry-islands.ts',
};

const noEntry: ClientEntry = { scripts: [], preloads: [] };

export function readClientAssets(clientDir: string | undefined): ClientAssets {
  const manifestPath = clientDir && path.join(clientDir, '.vite', 'manifest.json');
  if (!manifestPath || !fs.existsSync(manifestPath))
    return {
      entries: { app: noEntry, islands: noEntry },
      criticalCss: () => '',
      stylesheets: [],
    };
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  for (const key of Object.values(clientEntries)) {
    if (!manifest[key]) throw new Error(`The client build has no entry for ${key}; rebuild with npm run build.`);
  }

  /** The chunk at `key` and the chunks it imports statically, as manifest keys. */
  const collect = (key: string, keys = new Set<string>()) => {
    if (!manifest[key] || keys.has(key)) return keys;
    keys.add(key);
    manifest[key].imports?.forEach((next) => collect(next, keys));
    return keys;
  };
  const url = (key: string) => `/${manifest[key]!.file}`;
  const entry = (key: string): ClientEntry => ({
    scripts: [url(key)],
    preloads: [...collect(key)].filter((chunk) => chunk !== key).map(url),
  });
  // Both entries import the one stylesheet; every page links the same file.
  const everyEntry = [...collect(clientEntries.islands), ...collect(clientEntries.app)];
  const cssFiles = [...new Set(everyEntry.flatMap((key) => manifest[key]!.css ?? []))];
  const stylesheet = parseStylesheet(
    cssFiles.map((file) => fs.readFileSync(path.join(clientDir, file), 'utf8')).join('\n'),
  );
  return {
    entries: { app: entry(clientEntries.app), islands: entry(clientEntries.islands) },
    // Nothing in the CSS may end the <style> element early.
    criticalCss: (bodyHtml) => criticalCss(stylesheet, bodyHtml).replace(/<\/style/gi, '<\\/style'),
    stylesheets: cssFiles.map((file) => `/${file}`),
  };
}
