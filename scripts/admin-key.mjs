// `npm run admin:key`: rotates the admin API key. Builds first when needed (like `npm start`),
// then runs the compiled command with the same environment the server reads.
import { buildIfStale } from './source-fingerprint.mjs';

const entry = 'dist/server/admin-key.js';
buildIfStale(entry, { quiet: true });
await import(new URL(`../${entry}`, import.meta.url).href);
