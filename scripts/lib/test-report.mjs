// What `npm test` and `.ci/run` print at their end (docs/testing.md): each stage's wall time
// against the budget, and the slowest tests of each runner, read from the runners' JSON reports.
import fs from 'node:fs';

/**
 * Stages are kept as JSON lines in a file, so that `.ci/run` (bash) and `npm test` (node) add to
 * one table: `.ci/run` names the file in STAGE_TIMES_FILE and `npm test` appends its own stages.
 */
export function recordStage(file, { label, seconds, passed }) {
  fs.appendFileSync(file, `${JSON.stringify({ label, seconds, passed })}\n`);
}

export function readStages(file) {
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}

const minutes = (seconds) => `${(seconds / 60).toFixed(1)} min`;
const secondsText = (seconds) => `${seconds.toFixed(1)} s`;

/** The table of stages and the total line, e.g. "CI took 18.4 min (budget 20)". */
export function stageTable(stages, { title, budgetMinutes, totalSeconds }) {
  const width = Math.max(...stages.map((stage) => stage.label.length), 5);
  const lines = [`${'Stage'.padEnd(width)}  ${'Time'.padStart(9)}  Result`];
  for (const stage of stages) {
    lines.push(
      `${stage.label.padEnd(width)}  ${secondsText(stage.seconds).padStart(9)}  ${stage.passed ? 'ok' : 'FAILED'}`,
    );
  }
  const total = totalSeconds ?? stages.reduce((sum, stage) => sum + stage.seconds, 0);
  const over = total > budgetMinutes * 60 ? ', OVER BUDGET' : '';
  lines.push(`${title} took ${minutes(total)} (budget ${budgetMinutes}${over})`);
  return lines.join('\n');
}

const readJson = (file) => (file && fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : undefined);

/** Every test of a Vitest JSON report: { name, file, seconds }. */
export function vitestTests(reportFile) {
  const report = readJson(reportFile);
  if (!report) return [];
  return report.testResults.flatMap((file) =>
    file.assertionResults.map((test) => ({
      name: test.fullName ?? test.title,
      // From the tree's own folders on: CI's two runs are in two folders.
      file: file.name.replace(/^.*?\/(?=(?:src|tests|eslint-rules)\/)/, ''),
      seconds: (test.duration ?? 0) / 1000,
    })),
  );
}

/** Every test of a Playwright JSON report: { name, file, seconds } (a retried test: its runs added). */
export function playwrightTests(reportFile) {
  const report = readJson(reportFile);
  if (!report) return [];
  const tests = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      const seconds =
        spec.tests.flatMap((test) => test.results).reduce((sum, result) => sum + result.duration, 0) / 1000;
      tests.push({ name: [...titles, spec.title].join(' › '), file: spec.file, seconds });
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  // The outermost suites are the spec files, named apart.
  for (const suite of report.suites ?? []) walk(suite, []);
  return tests;
}

/** The `count` slowest tests, one line each, e.g. "  12.3 s  tests/e2e/upgrade.spec.ts › an upgrade …". */
export function slowestTests(tests, count = 15) {
  return [...tests]
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, count)
    .map((test) => `${secondsText(test.seconds).padStart(9)}  ${test.file} › ${test.name}`)
    .join('\n');
}
