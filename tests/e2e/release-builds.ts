import { execFileSync, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Built releases of the site for the upgrade test, cached between runs (like .ci/run's Node
 * cache): a release is `git archive` of its commit, built with its own npm dependencies. Those
 * are this tree's node_modules when its package-lock.json is the same, else an `npm ci` of its
 * lockfile, kept per lockfile and Node ABI (npm ci takes minutes; the registry is slow).
 */
const cacheRoot = path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'), 'northstar-releases');
const abi = `node-abi${process.versions.modules}`;

function dependenciesFor(lockfile: string, packageJson: string): string {
  if (lockfile === fs.readFileSync('package-lock.json', 'utf8')) return path.resolve('node_modules');
  const hash = crypto.createHash('sha256').update(lockfile).digest('hex').slice(0, 16);
  const folder = path.join(cacheRoot, `modules-${hash}-${abi}`);
  if (fs.existsSync(path.join(folder, 'node_modules'))) return path.join(folder, 'node_modules');
  const building = `${folder}.building-${process.pid}`;
  fs.rmSync(building, { recursive: true, force: true });
  fs.mkdirSync(building, { recursive: true });
  fs.writeFileSync(path.join(building, 'package-lock.json'), lockfile);
  fs.writeFileSync(path.join(building, 'package.json'), packageJson);
  execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: building, stdio: 'inherit' });
  fs.rmSync(folder, { recursive: true, force: true });
  fs.renameSync(building, folder);
  return path.join(folder, 'node_modules');
}

/**
 * Points a cached release's node_modules at dependencies that exist now. The link may name the
 * node_modules of the tree that built it (same lockfile), and CI's clone of that run is gone.
 */
function linkDependencies(folder: string, modules: string): void {
  const link = path.join(folder, 'node_modules');
  fs.rmSync(link, { force: true });
  fs.symlinkSync(modules, link);
}

/** The built release of `commit` from the repository `repo`, in the cache: its folder, node_modules a link. */
export function builtRelease(repo: string, commit: string): string {
  const folder = path.join(cacheRoot, `release-${commit}-${abi}`);
  const git = (...args: string[]) =>
    execFileSync('git', ['-C', repo, ...args], { encoding: 'utf8', maxBuffer: 1 << 26 });
  const dependencies = () =>
    dependenciesFor(git('show', `${commit}:package-lock.json`), git('show', `${commit}:package.json`));
  if (fs.existsSync(path.join(folder, 'dist', 'server', 'main.js'))) {
    linkDependencies(folder, dependencies());
    return folder;
  }
  const building = `${folder}.building-${process.pid}`;
  fs.rmSync(building, { recursive: true, force: true });
  fs.mkdirSync(building, { recursive: true });
  const archive = spawnSync('git', ['-C', repo, 'archive', commit], { maxBuffer: 1 << 30 });
  if (archive.status !== 0) throw new Error(`git archive ${commit} failed: ${archive.stderr}`);
  execFileSync('tar', ['-x', '-C', building], { input: archive.stdout });
  linkDependencies(building, dependencies());
  execFileSync(process.execPath, ['scripts/build.mjs'], {
    cwd: building,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NORTHSTAR_COMMIT: commit },
  });
  fs.rmSync(folder, { recursive: true, force: true });
  fs.renameSync(building, folder);
  return folder;
}

/** A copy of a cached release at `target` (small: its node_modules stays a link to the cache). */
export function copyRelease(release: string, target: string): string {
  fs.mkdirSync(target, { recursive: true });
  for (const entry of fs.readdirSync(release)) {
    const from = path.join(release, entry);
    if (entry === 'node_modules') fs.symlinkSync(fs.realpathSync(from), path.join(target, entry));
    else fs.cpSync(from, path.join(target, entry), { recursive: true });
  }
  return target;
}
