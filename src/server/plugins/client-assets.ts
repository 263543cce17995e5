import fs from 'node:fs';
import path from 'node:path';

/** The built browser files a page must reference, read once from Vite's manifest. */
export interface ClientAssets {
  script?: string;
  /**
   * The site's whole stylesheet, written into every page's head (decision 0011): a first visit
   * paints without waiting for a second request; later pages arrive as JSON, not HTML.
   */
  inlineCss: string;
  preloads: string[];
}

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}

export const clientEntry = 'src/web/entry-client.tsx';

export function readClientAssets(clientDir: string | undefined): ClientAssets {
  const manifestPath = clientDir && path.join(clientDir, '.vite', 'manifest.json');
  if (!manifestPath || !fs.existsSync(manifestPath)) return { inlineCss: '', preloads: [] };
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const entry = manifest[clientEntry];
  if (!entry) throw new Error(`The client build has no entry for ${clientEntry}; rebuild with npm run build.`);

  const styles = new Set(entry.css ?? []);
  const preloads = new Set<string>();
  // Static imports of the entry load on every page: preload them so they download in parallel.
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || preloads.has(chunk.file)) return;
    preloads.add(chunk.file);
    chunk.css?.forEach((file) => styles.add(file));
    chunk.imports?.forEach(visit);
  };
  entry.imports?.forEach(visit);
  const url = (file: string) => `/${file}`;
  const inlineCss = [...styles]
    .map((file) => fs.readFileSync(path.join(clientDir, file), 'utf8'))
    .join('\n')
    // Nothing in the CSS may end the <style> element early.
    .replace(/<\/style/gi, '<\\/style');
  return { script: url(entry.file), inlineCss, preloads: [...preloads].map(url) };
}
