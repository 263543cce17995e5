// Releases in a git repository (decision 0061), read the same way by `npm run upgrade`, the
// upgrade test and `npm run release`. A release is a version X.Y.Z and one commit:
//
//   1. the annotated tag vX.Y.Z, when the repository has it;
//   2. else a release made before the release script existed, named here with its commit;
//   3. else the commit that gave package.json that version: the newest commit whose package.json
//      says X.Y.Z while none of its parents' does. A copy of the repository without tags (a CI
//      clone, a mirror) finds every release by this rule, because `npm run release` bumps the
//      version in the release's own commit.
import { execFileSync } from 'node:child_process';

/**
 * 0.1.0 was the version of the first commit and was never bumped: the commit sites ran as 0.1.0
 * (and the one deploy/README.md's "Upgrading from 0.1.0" starts from) is this one, not the first.
 */
export const releasesBeforeTheScript = { '0.1.0': '28fddcf58e5586085963ad961e727929c99d7aa5' };

export const versionPattern = /^v?(\d+)\.(\d+)\.(\d+)$/;

/** Orders X.Y.Z versions, oldest first. */
export function compareVersions(a, b) {
  const parse = (version) => versionPattern.exec(version)?.slice(1).map(Number) ?? [0, 0, 0];
  const [x, y] = [parse(a), parse(b)];
  return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
}

/** The next version after `version` for a `major`, `minor` or `patch` release (semantic versioning). */
export function nextVersion(version, part) {
  const [major, minor, patch] = versionPattern.exec(version)?.slice(1).map(Number) ?? [];
  if (major === undefined) throw new Error(`package.json's version ${version} is not X.Y.Z`);
  if (part === 'major') return `${major + 1}.0.0`;
  if (part === 'minor') return `${major}.${minor + 1}.0`;
  if (part === 'patch') return `${major}.${minor}.${patch + 1}`;
  throw new Error(`${part} is not major, minor or patch`);
}

/** Runs git in `repository`; a clone owned by another account is named safe (sudo on a server). */
export function gitIn(repository) {
  const git = (...args) =>
    execFileSync('git', ['-c', `safe.directory=${repository}`, '-C', repository, ...args], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      maxBuffer: 1 << 26,
    }).trim();
  git.try = (...args) => {
    try {
      return git(...args);
    } catch {
      return undefined;
    }
  };
  return git;
}

const versionAt = (git, commit) => {
  const text = git.try('show', `${commit}:package.json`);
  try {
    return text ? JSON.parse(text).version : undefined;
  } catch {
    return undefined;
  }
};

/**
 * Every release the repository knows from `revisions` (default: every branch, tag and remote
 * branch), newest version first: [{ version, commit, tag? }].
 */
export function listReleases(git, revisions = ['--all']) {
  const found = new Map();
  // Rule 3, oldest rule first so that the later rules replace its answer.
  for (const line of git('log', '--format=%H %P', ...revisions, '--', 'package.json').split('\n')) {
    const [commit, ...parents] = line.split(' ').filter(Boolean);
    if (!commit) continue;
    const version = versionAt(git, commit);
    if (!version || !versionPattern.test(version) || found.has(version)) continue; // newest first: keep the first
    if (parents.some((parent) => versionAt(git, parent) === version)) continue;
    found.set(version, { version, commit });
  }
  for (const [version, commit] of Object.entries(releasesBeforeTheScript)) {
    if (git.try('cat-file', '-e', `${commit}^{commit}`) !== undefined) found.set(version, { version, commit });
  }
  for (const tag of git('tag', '--list', 'v*')
    .split('\n')
    .filter((name) => versionPattern.test(name))) {
    const commit = git.try('rev-parse', '--verify', `${tag}^{commit}`);
    if (commit) found.set(tag.slice(1), { version: tag.slice(1), commit, tag });
  }
  return [...found.values()].sort((a, b) => compareVersions(b.version, a.version));
}

/** The release of version X.Y.Z (or vX.Y.Z), or undefined. */
export const findRelease = (git, version) =>
  listReleases(git).find((release) => release.version === version.replace(/^v/, ''));

/**
 * The newest release the code in `repository`'s working tree is upgraded from (the upgrade test's
 * starting point): the release with the highest version among HEAD and its ancestors, leaving out
 * HEAD itself when the working tree is HEAD unchanged (that is the code under test). Until a
 * release is cut after 0.1.0, that is 0.1.0 (28fddcf).
 */
export function newestReleaseBefore(git) {
  const head = git('rev-parse', 'HEAD');
  const unchanged = git('status', '--porcelain', '--untracked-files=no') === '';
  return listReleases(git).find(
    (release) =>
      !(unchanged && release.commit === head) &&
      git.try('merge-base', '--is-ancestor', release.commit, head) !== undefined,
  );
}
