// `npm run admin:key`: rotates the admin API key. Builds first when needed (like `npm start`),
// then runs the compiled command with the same environment the server reads.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { sourceFingerprint } from './source-fingerprint.mjs';

const entry = 'dist/server/admin-key.js';
let built;
try {
  built = JSON.parse(fs.readFileSync('dist/build-info.json', 'utf8')).fingerprint;
} catch {
  built = undefined;
}
if (!fs.existsSync(entry) || built !== sourceFingerprint()) {
  console.error('Building first (this takes a minute)…');
  execFileSync(process.execPath, ['scripts/build.mjs'], { stdio: ['ignore', 'ignore', 'inherit'] });
}
await import(new URL(`../${entry}`, import.meta.url).href);
