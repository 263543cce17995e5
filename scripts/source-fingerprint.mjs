// A cheap fingerprint of everything the build reads, so `npm start` can tell if dist is stale.
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const inputs = ['src', 'public', 'package-lock.json', 'vite.config.ts', 'tsconfig.json'];

function* walk(target) {
  if (!fs.existsSync(target)) return;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) {
    yield [target, stat];
    return;
  }
  for (const name of fs.readdirSync(target).sort()) yield* walk(path.join(target, name));
}

export function sourceFingerprint() {
  const hash = crypto.createHash('sha256');
  for (const input of inputs) {
    for (const [file, stat] of walk(input)) {
      if (file.endsWith('.test.ts')) continue;
      hash.update(`${file}\0${stat.size}\0`);
      hash.update(fs.readFileSync(file));
    }
  }
  return hash.digest('hex');
}

function builtFingerprint() {
  try {
    return JSON.parse(fs.readFileSync('dist/build-info.json', 'utf8')).fingerprint;
  } catch {
    return undefined;
  }
}

/** True when `entry` (a file in dist) exists and dist was built from the sources as they are now. */
export function builtFromTheseSources(entry = 'dist/server/main.js') {
  return fs.existsSync(entry) && builtFingerprint() === sourceFingerprint();
}

/**
 * Runs the build when `entry` (a file in dist) is missing or dist is older than the sources.
 * The notice goes to stderr; `quiet` also keeps the build's own output off stdout, for commands
 * whose stdout is their answer (`npm run admin:key` prints the key).
 */
export function buildIfStale(entry, { quiet = false } = {}) {
  if (builtFromTheseSources(entry)) return;
  console.error('Building the site first (this takes a minute)…');
  execFileSync(process.execPath, ['scripts/build.mjs'], {
    stdio: [quiet ? 'ignore' : 'inherit', quiet ? 'ignore' : 'inherit', 'inherit'],
  });
}
