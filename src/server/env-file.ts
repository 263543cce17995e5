import fs from 'node:fs';
import path from 'node:path';

/**
 * Reads `.env` from the working directory (the project folder under `npm start`, `npm run dev` and
 * the operations commands; relative paths such as DATA_DIR=./data resolve from the same place) when
 * it exists. Node's own parser: variables already in the real environment win over the file.
 * Returns the file read, for commands that say where their settings came from.
 */
export function loadEnvFileIfPresent(folder = process.cwd()): string | undefined {
  const file = path.join(folder, '.env');
  if (!fs.existsSync(file)) return undefined;
  process.loadEnvFile(file);
  return file;
}
