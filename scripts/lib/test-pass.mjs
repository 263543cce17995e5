// The record `npm test` leaves when the whole suite passed, and `npm run release` checks: the git
// tree it ran on (HEAD's, and only when nothing was changed), so a pass on other code never counts.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

export const passRecord = 'test-results/passed.json';

const git = (...args) => execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();

/** HEAD's tree when the working tree holds nothing else (untracked files included), else undefined. */
export function cleanTree() {
  try {
    return git('status', '--porcelain') === '' ? git('rev-parse', 'HEAD^{tree}') : undefined;
  } catch {
    return undefined; // not a git checkout
  }
}

export function recordPass() {
  const tree = cleanTree();
  if (tree) fs.writeFileSync(passRecord, `${JSON.stringify({ tree, node: process.version }, null, 2)}\n`);
}

/** True when `npm test` passed on exactly this tree. */
export function testsPassedOn(tree) {
  try {
    return JSON.parse(fs.readFileSync(passRecord, 'utf8')).tree === tree;
  } catch {
    return false;
  }
}
