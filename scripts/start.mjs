// `npm start`: builds when dist is missing or older than the sources, then runs the server.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { sourceFingerprint } from './source-fingerprint.mjs';

function builtFingerprint() {
  try {
    return JSON.parse(fs.readFileSync('dist/build-info.json', 'utf8')).fingerprint;
  } catch {
    return undefined;
  }
}

const serverEntry = 'dist/server/main.js';
if (!fs.existsSync(serverEntry) || builtFingerprint() !== sourceFingerprint()) {
  console.log('Building the site first (this takes a minute)…');
  execFileSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
}
// `--build-only` lets other scripts (the benchmark) share this up-to-date check.
if (!process.argv.includes('--build-only')) await import(new URL(`../${serverEntry}`, import.meta.url).href);
