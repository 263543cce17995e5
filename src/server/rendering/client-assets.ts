import fs from 'node:fs';
import path from 'node:path';
import { criticalCss, parseStylesheet } from './critical-css';

/** The built browser files a page must reference, read once from Vite's manifest. */
export interface ClientAssets {
  /** Module scripts, run in this order: the built entry (production) or Vite's client and ours (npm run dev). */
  scripts: string[];
  /**
   * The CSS one page needs for its first paint, written into its head (decisions 0011, 0012): a
   * first visit paints without waiting for a second request.
   */
  criticalCss(bodyHtml: string): string;
  /** The whole stylesheet(s), loaded without blocking the first paint, cached for a year. */
  stylesheets: string[];
  preloads: string[];
  /** A lazy page's chunk and the chunks it imports that every page does not already load. */
  pagePreloads(module: string | undefined): string[];
}

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
  isDynamicEntry?: boolean;
}

export const clientEntry = 'src/web/entry-client.tsx';

export function readClientAssets(clientDir: string | undefined): ClientAssets {
  const manifestPath = clientDir && path.join(clientDir, '.vite', 'manifest.json');
  if (!manifestPath || !fs.existsSync(manifestPath))
    return { scripts: [], criticalCss: () => '', stylesheets: [], preloads: [], pagePreloads: () => [] };
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const entry = manifest[clientEntry];
  if (!entry) throw new Error(`The client build has no entry for ${clientEntry}; rebuild with npm run build.`);

  /** The chunk at `key` and the chunks it imports statically, as manifest keys, skipping `known`. */
  const collect = (key: string, keys = new Set<string>(), known = new Set<string>()) => {
    if (!manifest[key] || keys.has(key) || known.has(key)) return keys;
    keys.add(key);
    manifest[key].imports?.forEach((next) => collect(next, keys, known));
    return keys;
  };
  const url = (key: string) => `/${manifest[key]!.file}`;
  // What every page loads: the entry and its static imports (preloaded so they download in parallel).
  const everyPage = collect(clientEntry);
  const preloads = [...everyPage].filter((key) => key !== clientEntry).map(url);
  // A lazy page's chunk and what it adds to that: preloaded with the page that uses it.
  const pagePreloads = new Map<string, string[]>();
  for (const [key, chunk] of Object.entries(manifest)) {
    if (chunk.isDynamicEntry) pagePreloads.set(key, [...collect(key, new Set(), everyPage)].map(url));
  }
  const cssFiles = [...everyPage].flatMap((key) => manifest[key]!.css ?? []);
  const stylesheet = parseStylesheet(
    cssFiles.map((file) => fs.readFileSync(path.join(clientDir, file), 'utf8')).join('\n'),
  );
  return {
    scripts: [url(clientEntry)],
    // Nothing in the CSS may end the <style> element early.
    criticalCss: (bodyHtml) => criticalCss(stylesheet, bodyHtml).replace(/<\/style/gi, '<\\/style'),
    stylesheets: cssFiles.map((file) => `/${file}`),
    preloads,
    pagePreloads: (module) => (module && pagePreloads.get(module)) || [],
  };
}
