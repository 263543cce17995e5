// Builds the browser bundle and the server, then writes compressed twins of the text assets so
// the server can send them without compressing on every request.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { buildCommit } from './lib/build-commit.mjs';
import { sourceFingerprint } from './source-fingerprint.mjs';

const vite = path.resolve('node_modules/vite/bin/vite.js');
// The commit goes into the server bundle (GET /api/health, the start-up line; src/server/version.ts).
const commit = buildCommit();
const run = (...args) =>
  execFileSync(process.execPath, [vite, ...args], {
    stdio: 'inherit',
    env: { ...process.env, VITE_SITE_COMMIT: commit },
  });

run('build', '--logLevel', 'warn');
run('build', '--ssr', '--logLevel', 'warn'); // entries: vite.config.ts

const compressible = /\.(?:js|css|svg|html|json|txt|xml|map)$/;
function* files(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}
for (const file of files('dist/client')) {
  if (!compressible.test(file) || file.includes(`${path.sep}.vite${path.sep}`)) continue;
  // Every text file, however small, so the server never compresses a built file per request.
  const content = fs.readFileSync(file);
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
  fs.writeFileSync(
    `${file}.br`,
    zlib.brotliCompressSync(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
}
// What scripts/release.mjs reads of a release without running it (decision 0061): its version and
// commit, the migrations it knows, and that it starts on a database holding migrations it does not
// know (src/server/db/migrate.ts; releases before 0.2.0 refuse to).
const { version } = JSON.parse(fs.readFileSync('package.json', 'utf8'));
const migrations = fs
  .readdirSync('src/server/db/migrations')
  .filter((file) => /^\d{4}-\d{2}-\d{2}-\d{4}-.*\.ts$/.test(file) && !file.includes('.test.'))
  .map((file) => file.replace(/\.ts$/, ''))
  .sort();
const buildInfo = { fingerprint: sourceFingerprint(), version, commit, migrations, unknownMigrations: 'tolerated' };
fs.writeFileSync('dist/build-info.json', JSON.stringify(buildInfo, null, 2));
console.log('Build complete: dist/client and dist/server');
