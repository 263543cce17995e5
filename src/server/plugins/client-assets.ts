import fs from 'node:fs';
import path from 'node:path';

/** The built browser files a page must reference, read once from Vite's manifest. */
export interface ClientAssets {
  script?: string;
  styles: string[];
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
  if (!manifestPath || !fs.existsSync(manifestPath)) return { styles: [], preloads: [] };
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
  return { script: url(entry.file), styles: [...styles].map(url), preloads: [...preloads].map(url) };
}
