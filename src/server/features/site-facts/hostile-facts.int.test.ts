import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { staticPublicPaths } from '../../../shared/routes';
import { defaultAssessmentSettings } from '../../../shared/bookings/settings';
import { defaultSiteFacts } from '../../../shared/site-facts/defaults';
import type { SiteFactSection } from '../../../shared/site-facts/site-facts';

const KEY = 'hostile-facts-key-0123456789abcdef';
const key = { 'x-api-key': KEY };
const sections = [
  'details',
  'hours',
  'testimonials',
  'faq',
  'assessment',
] as const satisfies readonly SiteFactSection[];
/** Each part as saved: the assessment settings are null until saved, so their defaults stand in. */
const savedParts = { ...defaultSiteFacts, assessment: defaultAssessmentSettings(defaultSiteFacts.hours) };
/** Names every object has, which a lookup by `in` or by index finds (issue 36, finding 3). */
const inheritedNames = ['__proto__', 'constructor', 'toString', '__defineGetter__', 'valueOf', 'hasOwnProperty'];
/** Where the facts show: every static public page, a missing one (its page has the contact details) and a post list. */
const publicPages = [...staticPublicPaths, '/no-such-page'];

type Leaf = { path: (string | number)[]; value: string | number | boolean | null };

/** Every leaf of a section's saved value, with its path: each is a fact some public place may show. */
function leavesOf(value: unknown, path: (string | number)[] = []): Leaf[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => leavesOf(item, [...path, index]));
  if (value !== null && typeof value === 'object')
    return Object.entries(value).flatMap(([name, item]) => leavesOf(item, [...path, name]));
  return [{ path, value: value as Leaf['value'] }];
}

function withLeaf(value: unknown, path: (string | number)[], leaf: unknown): unknown {
  if (path.length === 0) return leaf;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[head!] = withLeaf(copy[head!], rest, leaf);
  return copy;
}

/** Text a hostile editor might save: placeholders, inherited names, markup, control characters. */
const hostileText = fc.oneof(
  fc.constantFrom(...inheritedNames).map((name) => `It costs {${name}}.`),
  fc.string({ maxLength: 60 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc
    .array(
      fc.constantFrom(
        '{',
        '}',
        '<',
        '>',
        '&',
        '"',
        "'",
        '\\',
        '$&',
        '{phone}',
        '</script>',
        '\u202e',
        '\n',
        '__proto__',
      ),
      {
        maxLength: 12,
      },
    )
    .map((parts) => parts.join('')),
);
const hostileLeaf = fc.oneof(hostileText, fc.double(), fc.integer(), fc.constant(null), fc.boolean());

describe('no saved site fact can make a public page fail (issue 36, deliverable 6)', () => {
  let subject: TestApp;
  beforeAll(async () => {
    subject = await createTestApp({ env: { ADMIN_API_KEY: KEY } });
  });
  afterAll(() => subject.close());

  const current = async () =>
    ((await subject.app.inject({ url: '/api/admin/site', headers: key })).json() as { revision: number | null })
      .revision;
  const save = async (section: SiteFactSection, value: unknown) =>
    subject.app.inject({
      method: 'PUT',
      url: `/api/admin/site/${section}`,
      headers: key,
      payload: { basedOn: await current(), value },
    });

  it.each(inheritedNames.slice(0, 4))(
    'refuses an FAQ answer naming {%s} with a 400 naming the field, and the home page stays up',
    async (name) => {
      const [first, ...rest] = defaultSiteFacts.faq;
      const answer = await save('faq', [{ ...first!, answer: `It costs {${name}}.` }, ...rest]);
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'value.0.answer' });
      expect(answer.json().error).toContain(`{${name}} is not a fact the site knows`);
      const home = await subject.app.inject('/');
      expect(home.statusCode).toBe(200);
      const preview = await subject.app.inject({
        method: 'POST',
        url: '/api/admin/site/faq/preview?page=home',
        headers: key,
        payload: { value: [{ ...first!, answer: `It costs {${name}}.` }, ...rest] },
      });
      expect(preview.statusCode).toBe(400);
    },
  );

  it(
    'answers every public page with something other than 500, whatever value a save accepted',
    { timeout: 120_000 },
    async () => {
      const targets = sections.flatMap((section) =>
        leavesOf(savedParts[section]).map((leaf) => ({ section, path: leaf.path })),
      );
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...targets), hostileLeaf, async ({ section, path }, leaf) => {
          const value = withLeaf(savedParts[section], path, leaf);
          const saved = await save(section, value);
          // A value the rules refuse is a 400 naming the field; one they accept must render.
          expect([200, 400], `${section} ${path.join('.')} = ${JSON.stringify(leaf)}: ${saved.body}`).toContain(
            saved.statusCode,
          );
          for (const url of publicPages) {
            const page = await subject.app.inject(url);
            expect(page.statusCode, `${url} after ${section} ${path.join('.')} = ${JSON.stringify(leaf)}`).toBeLessThan(
              500,
            );
          }
          // The next case starts from the defaults again.
          if (saved.statusCode === 200) expect((await save(section, savedParts[section])).statusCode).toBe(200);
        }),
        { numRuns: 60 },
      );
    },
  );
});
