// Which commit a build is made from, wherever it is built (decision 0061):
//   1. NORTHSTAR_COMMIT, which scripts/release.mjs sets when it builds a release from git archive;
//   2. archived-commit.txt beside this file, which `git archive` fills in (.gitattributes,
//      export-subst) and which reads `$Format:%H$` in a checkout;
//   3. the checkout's HEAD, with `-modified` when the tree has uncommitted changes (a build of
//      the working tree is not that commit);
//   4. `unknown`.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

const archived = () => {
  const text = fs.readFileSync(new URL('archived-commit.txt', import.meta.url), 'utf8').trim();
  return /^[0-9a-f]{40}$/.test(text) ? text : undefined;
};

const fromCheckout = () => {
  try {
    const git = (...args) =>
      execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    const head = git('rev-parse', 'HEAD');
    return git('status', '--porcelain', '--untracked-files=no').length > 0 ? `${head}-modified` : head;
  } catch {
    return undefined; // not a git checkout, or no git
  }
};

export const buildCommit = () => process.env.NORTHSTAR_COMMIT || archived() || fromCheckout() || 'unknown';
