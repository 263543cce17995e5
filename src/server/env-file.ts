import fs from 'node:fs';
import path from 'node:path';

/**
 * Reads `.env` from the working directory (the project folder under `npm start`, `npm run dev` and
 * `npm run admin:key`; relative paths such as DATA_DIR=./data resolve from the same place) when it
 * exists. Node's own parser: variables already in the real environment win over the file.
 */
export function loadEnvFileIfPresent(folder = process.cwd()): void {
  const file = path.join(folder, '.env');
  if (fs.existsSync(file)) process.loadEnvFile(file);
}
