// Finds the system Chromium (no browser is ever downloaded). CHROMIUM_PATH overrides the search.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

const candidates = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
];

export function findChromium({ install = false } = {}) {
  const found = [process.env.CHROMIUM_PATH, ...candidates].find((file) => file && fs.existsSync(file));
  if (found) return found;
  if (install && process.getuid?.() === 0 && fs.existsSync('/usr/bin/apt-get')) {
    console.log('No Chromium found: installing the Debian chromium package…');
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (fs.existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  }
  throw new Error(
    'No Chromium browser was found. Install the system package (Debian/Ubuntu: `sudo apt-get install chromium`) ' +
      'or set CHROMIUM_PATH to a Chromium or Chrome executable.',
  );
}
