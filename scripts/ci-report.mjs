// The end of `.ci/run`: the slowest tests of the run ahead of time on Node 20 (Node 24's `npm test`
// printed its own), every stage's wall time against CI's 20 minutes, and the counts, last.
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { readStages, slowestTests, stageTable, vitestTests } from './lib/test-report.mjs';

const { values } = parseArgs({
  options: {
    stages: { type: 'string' },
    ahead: { type: 'string' },
    vitest: { type: 'string' },
    e2e: { type: 'string' },
    seconds: { type: 'string' },
  },
});
const readJson = (file) => (file && fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : undefined);
const ahead = readJson(values.ahead);
const vitest = readJson(values.vitest);
const e2e = readJson(values.e2e)?.stats;

console.log('\nThe 15 slowest Vitest tests of the run ahead of time:');
console.log(slowestTests(vitestTests(values.ahead)));
console.log('');
console.log(
  stageTable(readStages(values.stages), { title: 'CI', budgetMinutes: 20, totalSeconds: Number(values.seconds) }),
);
console.log('');
const line = (label, passed, failed, skipped) => `${label}: ${passed} passed, ${failed} failed, ${skipped} skipped`;
const vitestLine = (label, report) =>
  report
    ? line(label, report.numPassedTests, report.numFailedTests, report.numPendingTests + report.numTodoTests)
    : `${label}: no report`;
console.log(vitestLine('Vitest, Node 20, 400 days ahead (unit, sqlite)', ahead));
console.log(vitestLine('Vitest, Node 24 (runtime, postgres)', vitest));
console.log(
  e2e ? line('Playwright, Node 24', e2e.expected + e2e.flaky, e2e.unexpected, e2e.skipped) : 'Playwright: no report',
);
const total = (pick) => [ahead, vitest].reduce((sum, report) => sum + (report ? pick(report) : 0), 0);
const passed = total((report) => report.numPassedTests) + (e2e ? e2e.expected + e2e.flaky : 0);
const failed = total((report) => report.numFailedTests) + (e2e?.unexpected ?? 0);
const skipped = total((report) => report.numPendingTests + report.numTodoTests) + (e2e?.skipped ?? 0);
console.log(`CI tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
