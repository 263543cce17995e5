// `npm test`: lint, type check, the build, unit and integration tests (SQLite and PostgreSQL), then
// end-to-end tests in the system Chromium. Ends with each stage's time, the slowest tests and one
// line of counts (docs/testing.md).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { findChromium } from './find-chromium.mjs';
import { passRecord, recordPass } from './lib/test-pass.mjs';
import { playwrightTests, readStages, recordStage, slowestTests, stageTable, vitestTests } from './lib/test-report.mjs';
import { builtFromTheseSources } from './source-fingerprint.mjs';

const started = performance.now();
const resultsDir = 'test-results';
const vitestReport = `${resultsDir}/vitest.json`;
const playwrightReport = `${resultsDir}/e2e.json`;
// `.ci/run` names its own file so that its stages and these make one table; alone, a file of ours.
const stagesFile = process.env.STAGE_TIMES_FILE ?? `${resultsDir}/stages.jsonl`;
fs.mkdirSync(resultsDir, { recursive: true });
for (const file of [vitestReport, playwrightReport]) fs.rmSync(file, { force: true });
if (!process.env.STAGE_TIMES_FILE) fs.rmSync(stagesFile, { force: true });
const stagesBefore = readStages(stagesFile).length;

const bin = (name) => `node_modules/.bin/${name}`;
const failures = [];
function step(label, command, args, env = {}) {
  console.log(`\n▶ ${label}`);
  const start = performance.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const passed = result.status === 0;
  recordStage(stagesFile, { label, seconds: (performance.now() - start) / 1000, passed });
  if (!passed) failures.push(label);
  return passed;
}

step('Lint', bin('eslint'), ['.']);
step('Formatting', bin('prettier'), ['--check', '.', '--log-level', 'warn']);
step('Type check', bin('tsc'), ['--noEmit']);
// One build per tree, before Vitest, whose client-bundle test reads it: CI's deploy check builds
// first, and a build of these very sources is reused.
let built = builtFromTheseSources();
if (built) console.log('\n▶ Build: dist/ is already built from these sources');
else built = step('Build', process.execPath, ['scripts/build.mjs']);
// Every project by default. CI runs a share on each Node line (.ci/run, decision 0076):
// `TEST_VITEST_PROJECTS="runtime postgres"` on Node 24 beside the unit and SQLite run on Node 20.
const everyProject = ['unit', 'sqlite', 'postgres'];
const vitestProjects = (process.env.TEST_VITEST_PROJECTS ?? everyProject.join(' ')).split(/\s+/).filter(Boolean);
const wholeSuite = everyProject.every((project) => vitestProjects.includes(project));
step(`Vitest (${vitestProjects.join(', ')})`, bin('vitest'), [
  'run',
  ...vitestProjects.flatMap((project) => ['--project', project]),
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestReport}`,
]);
if (built) {
  let chromium;
  try {
    chromium = findChromium({ install: true, headlessShell: true });
  } catch (error) {
    console.error(`\n${error.message}`);
    failures.push('End-to-end tests (no Chromium)');
  }
  if (chromium) {
    step('Playwright (Chromium)', bin('playwright'), ['test'], {
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
console.log('\nThe 15 slowest Vitest tests:');
console.log(slowestTests(vitestTests(vitestReport)));
if (e2e) {
  console.log('\nThe 15 slowest Playwright tests:');
  console.log(slowestTests(playwrightTests(playwrightReport)));
}
console.log('');
console.log(
  stageTable(readStages(stagesFile).slice(stagesBefore), {
    title: 'npm test',
    budgetMinutes: 12,
    totalSeconds: (performance.now() - started) / 1000,
  }),
);
console.log('');
if (unit) console.log(`Vitest: ${unit.numPassedTests} passed, ${unit.numFailedTests} failed`);
if (e2e) console.log(`Playwright: ${e2e.expected + e2e.flaky} passed, ${e2e.unexpected} failed`);
if (failures.length) console.log(`Failed steps: ${failures.join(', ')}`);
console.log(`tests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
const passed = failures.length === 0 && counts.failed === 0;
// What `npm run release` checks (scripts/cut-release.mjs): the whole suite passed on this tree
// (a chosen part of it is not the whole; CI records its own pass when both runs passed).
fs.rmSync(passRecord, { force: true });
if (passed && wholeSuite) recordPass();
process.exit(passed ? 0 : 1);
