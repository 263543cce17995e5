import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { gitIn, listReleases, newestReleaseBefore } from '../../scripts/lib/releases.mjs';

const tree = path.resolve(import.meta.dirname, '../..');
const identity = {
  GIT_AUTHOR_NAME: 'Release test',
  GIT_AUTHOR_EMAIL: 'release@example.test',
  GIT_COMMITTER_NAME: 'Release test',
  GIT_COMMITTER_EMAIL: 'release@example.test',
};

/**
 * A repository holding this tree's package.json, package-lock.json, CHANGELOG.md (with one entry
 * added under "Unreleased") and .gitignore (the files a release changes), with two commits: the script runs there as `npm run release`
 * would, from this tree's scripts. Not a clone: CI's second run works in a copy without .git.
 */
function makeRepository(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'site-release-'));
  for (const file of ['package.json', 'package-lock.json', 'CHANGELOG.md', '.gitignore']) {
    fs.copyFileSync(path.join(tree, file), path.join(folder, file));
  }
  // Something to release, whatever this tree's "Unreleased" holds (right after a release, nothing).
  const changelog = path.join(folder, 'CHANGELOG.md');
  fs.writeFileSync(
    changelog,
    fs
      .readFileSync(changelog, 'utf8')
      .replace('## [Unreleased]\n', '## [Unreleased]\n\n### Added\n- A change made for the release test.\n'),
  );
  const git = (...args: string[]) => execFileSync('git', args, { cwd: folder, env: { ...process.env, ...identity } });
  git('init', '--quiet', '--initial-branch=main');
  git('add', '.');
  git('commit', '--quiet', '-m', 'First');
  fs.writeFileSync(path.join(folder, 'notes.txt'), 'a change after the first commit\n');
  git('add', '.');
  git('commit', '--quiet', '-m', 'Second');
  return folder;
}

const recordPass = (folder: string) => {
  const treeHash = execFileSync('git', ['rev-parse', 'HEAD^{tree}'], { cwd: folder, encoding: 'utf8' }).trim();
  fs.mkdirSync(path.join(folder, 'test-results'), { recursive: true });
  fs.writeFileSync(path.join(folder, 'test-results/passed.json'), JSON.stringify({ tree: treeHash }));
};

const release = (folder: string, ...args: string[]) =>
  spawnSync(process.execPath, [path.join(tree, 'scripts/cut-release.mjs'), ...args], {
    cwd: folder,
    encoding: 'utf8',
    env: { ...process.env, ...identity, RELEASE_DATE: '2026-11-28' },
  });

const readJson = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8'));

describe('npm run release', () => {
  let folder: string;
  beforeEach(() => {
    folder = makeRepository();
  });
  afterEach(() => fs.rmSync(folder, { recursive: true, force: true }));

  it('bumps the version, dates the changelog section, commits and tags; the release is then found with or without its tag', () => {
    const before = readJson(path.join(folder, 'package.json')).version as string;
    const [major, minor] = before.split('.').map(Number);
    const version = `${major}.${minor! + 1}.0`;
    const unreleased = /## \[Unreleased\]\n([\s\S]*?)\n## \[/
      .exec(fs.readFileSync(path.join(folder, 'CHANGELOG.md'), 'utf8'))![1]!
      .trim();
    recordPass(folder);

    const result = release(folder, 'minor');
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain(`Released ${version} (was ${before})`);
    expect(result.stdout).toContain('git push --follow-tags origin main');

    expect(readJson(path.join(folder, 'package.json')).version).toBe(version);
    const lock = readJson(path.join(folder, 'package-lock.json'));
    expect([lock.version, lock.packages[''].version]).toEqual([version, version]);
    const changelog = fs.readFileSync(path.join(folder, 'CHANGELOG.md'), 'utf8');
    expect(changelog).toContain(`## [Unreleased]\n\n## [${version}] - 2026-11-28\n\n${unreleased}\n\n## [`);

    const git = gitIn(folder);
    expect(git('status', '--porcelain')).toBe('');
    expect(git('log', '-1', '--format=%s')).toBe(`Release ${version}`);
    expect(git('cat-file', '-t', `v${version}`)).toBe('tag'); // annotated
    expect(git('tag', '-l', '--format=%(contents)', `v${version}`)).toContain(`## [${version}] - 2026-11-28`);
    const releaseCommit = git('rev-parse', 'HEAD');
    expect(listReleases(git)[0]).toEqual({ version, commit: releaseCommit, tag: `v${version}` });

    // A copy without tags finds it by the commit that gave package.json the version.
    git('tag', '-d', `v${version}`);
    expect(listReleases(git)[0]).toEqual({ version, commit: releaseCommit });
    // The release commit unchanged is the code under test: the test upgrades from the one before.
    expect(newestReleaseBefore(git)).toMatchObject({
      version: before,
      commit: git('rev-list', '--max-parents=0', 'HEAD'),
    });
    fs.writeFileSync(path.join(folder, 'notes.txt'), 'work after the release\n');
    git('commit', '--quiet', '-am', 'After the release');
    expect(newestReleaseBefore(git)).toEqual({ version, commit: releaseCommit });

    // The next one: nothing new under Unreleased yet.
    recordPass(folder);
    const empty = release(folder, 'patch');
    expect(empty.status).toBe(1);
    expect(empty.stderr).toContain('CHANGELOG.md has nothing under "## [Unreleased]"');
  });

  it('refuses a changed tree, a tree the tests did not pass on, and an unknown kind of release, changing nothing', () => {
    const head = () => gitIn(folder)('rev-parse', 'HEAD');
    const start = head();

    const untested = release(folder, 'minor');
    expect(untested.status).toBe(1);
    expect(untested.stderr).toContain('npm test has not passed on this tree');

    recordPass(folder);
    fs.appendFileSync(path.join(folder, 'notes.txt'), 'uncommitted\n');
    const changed = release(folder, 'minor');
    expect(changed.status).toBe(1);
    expect(changed.stderr).toContain('The working tree has changes');

    const unknown = release(folder, 'huge');
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('npm run release -- major | minor | patch');

    expect(head()).toBe(start);
    expect(gitIn(folder)('tag')).toBe('');
  });
});
