import fs from 'node:fs';
import path from 'node:path';

/** The built browser files a page must reference, read once from Vite's manifest. */
export interface ClientAssets {
  /** Module scripts, run in this order: the built entry (production) or Vite's client and ours (npm run dev). */
  scripts: string[];
  /**
   * The site's whole stylesheet, written into every page's head (decision 0011): a first visit
   * paints without waiting for a second request; later pages arrive as JSON, not HTML.
   */
  inlineCss: string;
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
    return { scripts: [], inlineCss: '', preloads: [], pagePreloads: () => [] };
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
  const inlineCss = [...everyPage]
    .flatMap((key) => manifest[key]!.css ?? [])
    .map((file) => fs.readFileSync(path.join(clientDir, file), 'utf8'))
    .join('\n')
    // Nothing in the CSS may end the <style> element early.
    .replace(/<\/style/gi, '<\\/style');
  return {
    scripts: [url(clientEntry)],
    inlineCss,
    preloads,
    pagePreloads: (module) => (module && pagePreloads.get(module)) || [],
  };
}
