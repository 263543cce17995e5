// Finds the system Chromium (no browser is ever downloaded). CHROMIUM_PATH overrides the search.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

const browsers = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
];
// Chromium's headless shell: the same engine without the browser's own interface, which is what
// Playwright itself runs headless. It takes about 40 % less CPU per end-to-end test (decision 0075).
const headlessShells = ['/usr/bin/chromium-headless-shell'];

function installWithApt(name) {
  if (process.getuid?.() !== 0 || !fs.existsSync('/usr/bin/apt-get')) return false;
  console.log(`No ${name} found: installing the Debian ${name} package…`);
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', name], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return true;
}

/**
 * The browser for a person-like run (screenshots, Lighthouse, timings), or with `headlessShell`
 * the lighter headless shell for the end-to-end tests. A missing one is installed when `install`
 * allows and this is root on Debian or Ubuntu; the tests fall back to the full browser.
 */
export function findChromium({ install = false, headlessShell = false } = {}) {
  const existing = (files) => files.find((file) => file && fs.existsSync(file));
  const preferred = headlessShell ? headlessShells : browsers;
  const found = existing([process.env.CHROMIUM_PATH, ...preferred]);
  if (found) return found;
  const wanted = headlessShell ? 'chromium-headless-shell' : 'chromium';
  if (install && installWithApt(wanted)) return existing(preferred);
  const fallback = existing(browsers);
  if (fallback) return fallback;
  throw new Error(
    `No Chromium browser was found. Install the system package (Debian/Ubuntu: \`sudo apt-get install ${wanted}\`) ` +
      'or set CHROMIUM_PATH to a Chromium or Chrome executable.',
  );
}
