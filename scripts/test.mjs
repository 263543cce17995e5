// `npm test`: lint, type check, build, unit and integration tests (SQLite and PostgreSQL), then
// end-to-end tests in the system Chromium. Ends with one line of counts.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { findChromium } from './find-chromium.mjs';
import { passRecord, recordPass } from './lib/test-pass.mjs';

const resultsDir = 'test-results';
const vitestReport = `${resultsDir}/vitest.json`;
const playwrightReport = `${resultsDir}/e2e.json`;
fs.mkdirSync(resultsDir, { recursive: true });
fs.rmSync(vitestReport, { force: true });
fs.rmSync(playwrightReport, { force: true });

const bin = (name) => `node_modules/.bin/${name}`;
const failures = [];
function step(label, command, args, env = {}) {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) failures.push(label);
  return result.status === 0;
}

step('Lint', bin('eslint'), ['.']);
step('Formatting', bin('prettier'), ['--check', '.', '--log-level', 'warn']);
step('Type check', bin('tsc'), ['--noEmit']);
// CI's Node 24 run leaves SQLite's integration tests to the run ahead of time on Node 20
// (.ci/run, decision 0074): `TEST_VITEST_PROJECTS="unit postgres"`. Unset, every project runs.
const vitestProjects = (process.env.TEST_VITEST_PROJECTS ?? '').split(/\s+/).filter(Boolean);
step(
  vitestProjects.length ? `Unit and integration tests (${vitestProjects.join(', ')})` : 'Unit and integration tests',
  bin('vitest'),
  [
    'run',
    ...vitestProjects.flatMap((project) => ['--project', project]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${vitestReport}`,
  ],
);
const built = step('Build', process.execPath, ['scripts/build.mjs']);
if (built) {
  let chromium;
  try {
    chromium = findChromium({ install: true, headlessShell: true });
  } catch (error) {
    console.error(`\n${error.message}`);
    failures.push('End-to-end tests (no Chromium)');
  }
  if (chromium) {
    step('End-to-end tests in Chromium', bin('playwright'), ['test'], {
      CHROMIUM_PATH: chromium,
      PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
    });
  }
}

const readJson = (file) => (fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : undefined);
const unit = readJson(vitestReport);
const e2e = readJson(playwrightReport)?.stats;
const counts = {
  passed: (unit?.numPassedTests ?? 0) + (e2e?.expected ?? 0) + (e2e?.flaky ?? 0),
  failed: (unit?.numFailedTests ?? 0) + (e2e?.unexpected ?? 0),
  skipped: (unit?.numPendingTests ?? 0) + (unit?.numTodoTests ?? 0) + (e2e?.skipped ?? 0),
};
console.log('');
if (unit) console.log(`Vitest: ${unit.numPassedTests} passed, ${unit.numFailedTests} failed`);
if (e2e) console.log(`Playwright: ${e2e.expected + e2e.flaky} passed, ${e2e.unexpected} failed`);
if (failures.length) console.log(`Failed steps: ${failures.join(', ')}`);
console.log(`tests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
const passed = failures.length === 0 && counts.failed === 0;
// What `npm run release` checks (scripts/cut-release.mjs): the whole suite passed on this tree
// (a chosen part of it is not the whole; CI records its own pass when both runs passed).
fs.rmSync(passRecord, { force: true });
if (passed && !vitestProjects.length) recordPass();
process.exit(passed ? 0 : 1);
