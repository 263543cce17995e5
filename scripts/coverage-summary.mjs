// Line and branch coverage of the server and the shared code (`npm run coverage`), from Vitest's
// v8 report: the figures docs/testing.md keeps, which a change to the suite must not lower.
import fs from 'node:fs';
import path from 'node:path';

const reportFile = process.argv[2] ?? 'coverage/coverage-summary.json';
const report = JSON.parse(fs.readFileSync(reportFile, 'utf8'));
const percent = ({ covered, total }) => (total ? ((100 * covered) / total).toFixed(2) : '100.00');

for (const folder of ['src/server', 'src/shared']) {
  const prefix = `${path.resolve(folder)}${path.sep}`;
  const sums = { lines: { covered: 0, total: 0 }, branches: { covered: 0, total: 0 } };
  for (const [file, figures] of Object.entries(report)) {
    if (!file.startsWith(prefix)) continue;
    for (const kind of ['lines', 'branches']) {
      sums[kind].covered += figures[kind].covered;
      sums[kind].total += figures[kind].total;
    }
  }
  console.log(
    `${folder}: lines ${percent(sums.lines)} % (${sums.lines.covered} of ${sums.lines.total}), ` +
      `branches ${percent(sums.branches)} % (${sums.branches.covered} of ${sums.branches.total})`,
  );
}
