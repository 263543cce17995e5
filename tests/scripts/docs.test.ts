import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * docs/architecture.md and the decisions' index drifted from the tree they describe (issue 39: a
 * feature missing from the tables, status lines that disagreed with the index). What can be read
 * from the tree is checked here, so the documents fail the unit tests instead of drifting again.
 */
const tree = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => fs.readFileSync(path.join(tree, file), 'utf8');
const folders = (folder: string) =>
  fs
    .readdirSync(path.join(tree, folder), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();

/** The lines of a markdown section, from its heading to the next heading of the same level or above. */
function section(markdown: string, heading: string): string {
  const lines = markdown.split('\n');
  const start = lines.indexOf(heading);
  if (start < 0) throw new Error(`no heading "${heading}"`);
  const sameOrAbove = new RegExp(`^#{1,${heading.indexOf(' ')}} `);
  const end = lines.findIndex((line, index) => index > start && sameOrAbove.test(line));
  return lines.slice(start + 1, end < 0 ? undefined : end).join('\n');
}

/** The first markdown table in a text: its header's cells, then each row's cells by header. */
function table(markdown: string): Record<string, string>[] {
  const rows = markdown
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .map((line) =>
      line
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim()),
    );
  const [header, rule, ...body] = rows;
  expect(
    rule?.every((cell) => /^-+$/.test(cell)),
    'a markdown table',
  ).toBe(true);
  return body.map((cells) => Object.fromEntries(header!.map((name, index) => [name, cells[index] ?? ''])));
}

const codeSpans = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((match) => match[1]!);

describe("architecture.md's feature table", () => {
  const features = table(section(read('docs/architecture.md'), '## Where a feature lives'));
  const named = (column: string) => features.flatMap((row) => codeSpans(row[column]!));

  it('has one row for each server feature, and no row for a feature that is not there', () => {
    const rows = features.map((row) => row.feature!);
    const server = folders('src/server/features');
    expect({
      'feature folders without a row': server.filter((name) => !rows.includes(name)),
      'rows without a feature folder': rows.filter((name) => !server.includes(name)),
    }).toEqual({ 'feature folders without a row': [], 'rows without a feature folder': [] });
  });

  it("names each feature's folder on every side that has one, in the row of that feature", () => {
    for (const row of features) {
      const sides = {
        server: `src/server/features/${row.feature}`,
        shared: `src/shared/${row.feature}`,
        'web, public': `src/web/features/${row.feature}`,
        'web, admin': `src/web/admin/${row.feature}`,
      };
      for (const [column, folder] of Object.entries(sides)) {
        if (fs.existsSync(path.join(tree, folder)))
          expect(codeSpans(row[column]!), row.feature).toContain(`${folder}/`);
      }
    }
  });

  it('names every folder of the shared code, the public features and the admin screens', () => {
    for (const [column, parent, except] of [
      ['shared', 'src/shared', []],
      ['web, public', 'src/web/features', []],
      ['web, admin', 'src/web/admin', ['ui']],
    ] as const) {
      const missing = folders(parent).filter(
        (name) => !(except as readonly string[]).includes(name) && !named(column).includes(`${parent}/${name}/`),
      );
      expect(missing, `folders of ${parent} without a mention in the column "${column}"`).toEqual([]);
    }
  });

  it('names only files and folders that exist', () => {
    const paths = features
      .flatMap((row) => Object.values(row).flatMap(codeSpans))
      .filter((span) => /^(?:src|tests)\//.test(span));
    expect(paths.length).toBeGreaterThan(20);
    expect(paths.filter((file) => !fs.existsSync(path.join(tree, file)))).toEqual([]);
  });

  it('is the list of features the vocabulary gives', () => {
    const vocabulary = table(section(read('docs/architecture.md'), '## Vocabulary'));
    const row = vocabulary.find((entry) => entry.idea === 'a feature, in every layer');
    const cell = row!['name in code and docs']!.split('; see')[0]!;
    const listed = codeSpans(cell);
    expect(
      folders('src/server/features').filter((name) => !listed.includes(name)),
      'features the vocabulary does not name',
    ).toEqual([]);
    expect(listed.sort()).toEqual(folders('src/server/features'));
  });
});

interface IndexRow {
  number: string;
  file: string | undefined;
  title: string;
  status: string;
}

/** `accepted`, `accepted; amended by 0013, 0014 and 0052` or `superseded by 0012`, links read as their text. */
const statusGrammar = /^(?:accepted(?:; amended by \d{4}(?:(?:, | and )\d{4})*)?|superseded by \d{4}|not used)/;
const withoutLinks = (text: string) => text.replace(/\[([^[\]]*)\]\([^()]*\)/g, '$1');

/** A record's status paragraph: from `Status:` to the first blank line, on one line, links as their text. */
function statusParagraph(record: string): string {
  const match = /^Status: ([\s\S]*?)(?:\n\n|$)/m.exec(record);
  return match ? withoutLinks(match[1]!).replace(/\s+/g, ' ') : '';
}

/** The part of the status grammar a record's status paragraph starts with. */
const leadingStatus = (paragraph: string) => statusGrammar.exec(paragraph)?.[0] ?? '';

/** The records a record amends: the numbers in its "Amends …" sentences before its Context, not in brackets. */
function amends(record: string): string[] {
  const head = withoutLinks(record.split(/^## /m)[0]!).replace(/\([^()]*\)/g, '');
  const sentences = [...head.matchAll(/\b[Aa]mends\b([\s\S]*?)[.:](?:\s|$)/g)].map((match) => match[1]!);
  return [...new Set(sentences.flatMap((sentence) => sentence.match(/\b\d{4}\b/g) ?? []))];
}

describe('the decisions and their index', () => {
  const recordsDir = 'docs/decisions';
  const files = fs
    .readdirSync(path.join(tree, recordsDir))
    .filter((name) => /^\d{4}-.+\.md$/.test(name))
    .sort();
  const records = new Map(files.map((file) => [file.slice(0, 4), { file, text: read(`${recordsDir}/${file}`) }]));
  const index: IndexRow[] = table(read(`${recordsDir}/README.md`)).map((row) => {
    const link = /^\[(\d{4})\]\(([^)]+)\)$/.exec(row.number!);
    return { number: link?.[1] ?? row.number!, file: link?.[2], title: row.decision!, status: row.status! };
  });

  it('has one index row per number, in order, each record linked and each unused number said so', () => {
    const numbers = index.map((row) => row.number);
    expect(numbers).toEqual([...numbers].sort());
    expect(new Set(numbers).size).toBe(numbers.length);
    for (const row of index) {
      if (row.status === 'not used') expect(records.has(row.number), row.number).toBe(false);
      else expect(row.file, row.number).toBe(records.get(row.number)?.file);
    }
    expect([...records.keys()].filter((number) => !numbers.includes(number))).toEqual([]);
  });

  it("gives each record's number and title as the record's first line does", () => {
    for (const row of index.filter((entry) => entry.file)) {
      const firstLine = records.get(row.number)!.text.split('\n')[0];
      expect(firstLine).toBe(`# ${row.number}: ${row.title}`);
    }
  });

  it("says each record's status as the record's own status line does", () => {
    for (const row of index.filter((entry) => entry.file)) {
      expect(row.status, `index row ${row.number}`).toMatch(new RegExp(`${statusGrammar.source}$`));
      const own = leadingStatus(statusParagraph(records.get(row.number)!.text));
      expect(own, `the status line of ${row.file}`).toBe(row.status);
    }
  });

  it('lists a record that amends another in the status of the one it amends, unless that one is superseded', () => {
    const missing: string[] = [];
    for (const [number, { text }] of records) {
      for (const amended of amends(text)) {
        const status = index.find((row) => row.number === amended)?.status ?? '';
        if (!status.startsWith('superseded') && !status.match(/\d{4}/g)?.includes(number)) {
          missing.push(`${amended} (status "${status}") is amended by ${number}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('has the template a new record starts from, and every record from 0063 on follows it', () => {
    const template = read(`${recordsDir}/TEMPLATE.md`);
    const required = [/^Date: /m, /^Status: /m, /^## Context$/m, /^## Decision$/m, /^## Consequences$/m];
    for (const heading of required) expect(template).toMatch(heading);
    for (const [number, { file, text }] of records) {
      if (Number(number) < 63) continue;
      expect(text, file).toMatch(/^Date: \d{4}-\d{2}-\d{2}$/m);
      for (const heading of required) expect(text, file).toMatch(heading);
    }
  });
});

describe('source comments point into the repository', () => {
  it('never cite the specification kept outside it', () => {
    const word = new RegExp(`\\b${['SP', 'EC'].join('')}\\b`);
    const cited = ['src', 'tests', 'scripts'].flatMap((folder) =>
      fs
        .readdirSync(path.join(tree, folder), { recursive: true, encoding: 'utf8' })
        .filter((file) => /\.(?:ts|tsx|mjs|js)$/.test(file))
        .map((file) => path.join(folder, file))
        .filter((file) => word.test(read(file))),
    );
    expect(cited).toEqual([]);
  });
});
