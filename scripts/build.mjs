// Builds the browser bundle and the server, then writes compressed twins of the text assets so
// the server can send them without compressing on every request.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { sourceFingerprint } from './source-fingerprint.mjs';

const vite = path.resolve('node_modules/vite/bin/vite.js');
const run = (...args) => execFileSync(process.execPath, [vite, ...args], { stdio: 'inherit' });

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
fs.writeFileSync('dist/build-info.json', JSON.stringify({ fingerprint: sourceFingerprint() }, null, 2));
console.log('Build complete: dist/client and dist/server');
