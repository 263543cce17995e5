import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const tree = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => fs.readFileSync(path.join(tree, file), 'utf8');
const unit = read('deploy/northstar.service');
const setting = (key: string) => new RegExp(`^${key}=(.+)$`, 'm').exec(unit)?.[1]?.trim();

/**
 * The unit file, the recipe, the main README and the decisions said different things (Node 22 or
 * 24; /srv/northstar or /srv/northstar/current): each is checked against the unit here, so they
 * cannot drift apart again (decision 0061).
 */
describe('the deploy documents agree with the unit file', () => {
  const workingDirectory = setting('WorkingDirectory')!;
  const execStart = setting('ExecStart')!;

  it('runs the built server of the release its working folder is', () => {
    expect(workingDirectory).toBe('/srv/northstar/current');
    expect(execStart).toBe(`/usr/bin/node ${workingDirectory}/dist/server/main.js`);
    // deploy/northstar runs the commands from the unit's working folder.
    expect(read('deploy/northstar')).toContain('node scripts/run-command.mjs');
    expect(fs.existsSync(path.join(tree, 'scripts/run-command.mjs'))).toBe(true);
  });

  it('is described with the same ExecStart and WorkingDirectory in the recipe and the decisions', () => {
    const recipe = read('deploy/README.md');
    expect(recipe).toContain(`ExecStart=${execStart}`);
    expect(recipe).toContain(`WorkingDirectory=${workingDirectory}`);
    for (const decision of [
      'docs/decisions/0051-releases-side-by-side-and-rolling-reload.md',
      'docs/decisions/0061-releases-and-versions.md',
    ]) {
      const text = read(decision);
      const named = [...text.matchAll(/WorkingDirectory=(\/[\w/.-]+)/g)].map((match) => match[1]);
      expect(named.length, decision).toBeGreaterThan(0);
      expect(new Set(named), decision).toEqual(new Set([workingDirectory]));
    }
    expect(read('docs/decisions/0061-releases-and-versions.md')).toContain(`\`${workingDirectory}\``);
    expect(read('README.md')).toContain(`\`${workingDirectory}\``);
  });

  it('installs and recommends the same Node.js in both READMEs, the one the unit runs', () => {
    const recommended = (text: string) =>
      [...text.matchAll(/Node\.js (\d+) LTS|install Node\.js (\d+)/g)].map((match) => match[1] ?? match[2]);
    const recipe = recommended(read('deploy/README.md'));
    const main = recommended(read('README.md'));
    expect(recipe.length).toBeGreaterThan(0);
    expect(main.length).toBeGreaterThan(0);
    expect(new Set([...recipe, ...main])).toEqual(new Set(['24']));
    expect(execStart.split(' ')[0]).toBe('/usr/bin/node');
  });

  it("names the Node.js range package.json's engines gives, whose ends CI runs", () => {
    const engines = (JSON.parse(read('package.json')) as { engines: { node: string } }).engines.node;
    expect(read('README.md')).toContain(`\`${engines}\``);
    // .ci/run checks at its start that its two Node lines are the range's oldest and newest.
    expect(read('.ci/run')).toContain('CI must run both ends');
  });

  it('documents the trial without systemd that the tests of the switch and of a failed upgrade run', () => {
    const recipe = read('deploy/README.md');
    const trial = recipe.slice(recipe.indexOf('## Try the upgrade without systemd'));
    expect(trial.length).toBeLessThan(recipe.length);
    for (const text of [
      'NORTHSTAR_ROOT',
      'NORTHSTAR_PID',
      'WEB_CONCURRENCY=2',
      'node "$trial/current/dist/server/main.js"',
      'npm run upgrade --',
      'npm run rollback',
      'node scripts/release.mjs switch',
    ])
      expect(trial, text).toContain(text);
    for (const test of ['tests/e2e/upgrade.spec.ts', 'tests/scripts/upgrade-failure.test.ts']) {
      expect(trial).toContain(test);
      expect(read(test), test).toMatch(/NORTHSTAR_ROOT: root, NORTHSTAR_PID: String\(/);
    }
    // What the variables mean is said where they are read, too.
    expect(read('scripts/release.mjs')).toContain('"Try the upgrade without systemd"');
  });

  it('copies only deploy files that exist', () => {
    const copied = [...read('deploy/README.md').matchAll(/\bdeploy\/([\w.-]+)/g)].map((match) => match[1]!);
    expect(copied.length).toBeGreaterThan(0);
    for (const file of new Set(copied)) expect(fs.existsSync(path.join(tree, 'deploy', file)), file).toBe(true);
  });
});
