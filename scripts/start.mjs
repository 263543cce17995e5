// `npm start`: builds when dist is missing or older than the sources, then runs the server.
import { buildIfStale } from './source-fingerprint.mjs';

const serverEntry = 'dist/server/main.js';
buildIfStale(serverEntry);
// `--build-only` lets other scripts (the benchmark) share this up-to-date check.
if (!process.argv.includes('--build-only')) await import(new URL(`../${serverEntry}`, import.meta.url).href);
