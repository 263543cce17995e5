// A cheap fingerprint of everything the build reads, so `npm start` can tell if dist is stale.
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
