import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { roleTokenHeaders } from '../../../../tests/support/staff';
import type { AccessLogPage } from '../../../shared/access-log/access-log';
import { defaultSiteFacts } from '../../../shared/site-facts/defaults';
import type {
  CurrentSiteFacts,
  SiteFactSection,
  SiteFacts,
  SiteFactsRevision,
} from '../../../shared/site-facts/site-facts';

const KEY = 'site-facts-api-key-0123456789abcdef';
const key = { 'x-api-key': KEY };
const details = defaultSiteFacts.details;
const hours = defaultSiteFacts.hours;

describe('the site facts API (decision 0059): rules, conflicts, roles, restore, the log, deleting for good', () => {
  let subject: TestApp;
  let editor: Record<string, string>;
  let owner: Record<string, string>;

  const save = <Section extends SiteFactSection>(
    section: Section,
    basedOn: number | null,
    value: SiteFacts[Section],
    headers: Record<string, string> = key,
  ) => subject.app.inject({ method: 'PUT', url: `/api/admin/site/${section}`, headers, payload: { basedOn, value } });
  const current = async () =>
    (await subject.app.inject({ url: '/api/admin/site', headers: key })).json() as CurrentSiteFacts;
  const revisions = async () =>
    (await subject.app.inject({ url: '/api/admin/site/revisions', headers: key })).json() as SiteFactsRevision[];
  const saved = async <Section extends SiteFactSection>(
    section: Section,
    value: SiteFacts[Section],
    headers: Record<string, string> = key,
  ) => {
    const answer = await save(section, (await current()).revision, value, headers);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json() as CurrentSiteFacts;
  };
  const restore = (id: number, headers: Record<string, string> = key) =>
    subject.app.inject({ method: 'POST', url: `/api/admin/site/revisions/${id}/restore`, headers });
  const storedRows = async () =>
    (await subject.database.db.selectFrom('site_facts_revisions').select(['id', 'facts']).execute()).map(
      (row) => row.facts,
    );

  beforeAll(async () => {
    subject = await createTestApp({ env: { ADMIN_API_KEY: KEY } });
    editor = await roleTokenHeaders(subject, key, ['editor']);
    owner = await roleTokenHeaders(subject, key, ['owner']);
    // A first save, so every later test starts from a revision.
    await saved('details', details);
  });
  afterAll(() => subject.close());

  const closure = {
    id: 'christmas',
    from: '2030-12-22',
    to: '2031-01-02',
    opens: null,
    closes: null,
    note: 'Christmas',
  };
  const testimonial = defaultSiteFacts.testimonials[0]!;
  const question = defaultSiteFacts.faq[0]!;
  it.each([
    ['a bad phone', 'details', { ...details, phone: '12345' }, 'value.phone', 'Phone must be a UK telephone number'],
    ['a bad e-mail', 'details', { ...details, email: 'hello@' }, 'value.email', 'E-mail must be an e-mail address'],
    [
      'a bad price',
      'details',
      { ...details, pricing: { ...details.pricing, classroom: { primary: 13.555, secondary: 15 } } },
      'value.pricing.classroom.primary',
      'Classroom primary price must be in whole pence',
    ],
    [
      'a bad time',
      'hours',
      { ...hours, shown: [{ days: 'Mon-Fri', opens: '25:00', closes: '20:00' }] },
      'value.shown.0.opens',
      'Opens must be a time, like 16:00',
    ],
    [
      'a closure ending before it starts',
      'hours',
      { ...hours, closures: [{ ...closure, to: '2030-12-21' }] },
      'value.closures.0.to',
      'Last day must not be before the first day',
    ],
    [
      'an unknown FAQ placeholder',
      'faq',
      [{ ...question, answer: 'Call {mobile} today.' }],
      'value.0.answer',
      '{mobile} is not a fact the site knows. Use one of: {classroom primary price}',
    ],
    [
      'a rating of 6',
      'testimonials',
      [{ ...testimonial, rating: 6 }],
      'value.0.rating',
      'Rating must be a whole number from 1 to 5',
    ],
  ] as const)(
    'refuses %s with a 400 naming the field, and saves nothing',
    async (_what, section, value, field, message) => {
      const before = await current();
      const listed = (await revisions()).length;
      const answer = await save(section, before.revision, value as never);
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ code: 'VALIDATION_FAILED', field });
      expect(answer.json().error).toContain(message);
      expect(await current()).toEqual(before);
      expect(await revisions()).toHaveLength(listed);
    },
  );

  it('answers 409 to a save based on a stale revision of the same section, but keeps one of another section', async () => {
    const start = (await current()).revision;
    const first = await save('hours', start, { ...hours, closures: [closure] });
    expect(first.statusCode).toBe(200);
    const stale = await save('hours', start, {
      ...hours,
      shown: [{ days: 'Mon-Sun', opens: '09:00', closes: '17:00' }],
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'CONFLICT', field: 'basedOn' });
    const other = await save('faq', start, [...defaultSiteFacts.faq].reverse());
    expect(other.statusCode, other.body).toBe(200);
    const now = await current();
    expect(now.facts.hours.closures).toMatchObject([closure]);
    expect(now.facts.hours.shown).toEqual(hours.shown);
    expect(now.facts.faq.map((item) => item.id)).toEqual([...defaultSiteFacts.faq].reverse().map((item) => item.id));
  });

  it('keeps both of two saves of different sections made at the same moment (savers wait for each other)', async () => {
    for (let round = 1; round <= 8; round++) {
      const start = (await current()).revision;
      const note = `Round ${round}`;
      const faq = round % 2 ? [...defaultSiteFacts.faq].reverse() : defaultSiteFacts.faq;
      const answers = await Promise.all([
        save('hours', start, { ...hours, closures: [{ ...closure, note }] }),
        save('faq', start, faq),
      ]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
      const now = await current();
      expect(now.facts.hours.closures[0]?.note).toBe(note);
      expect(now.facts.faq.map((item) => item.id)).toEqual(faq.map((item) => item.id));
    }
  });

  it('lets editors save hours but not details or restore; owners may do all three', async () => {
    const start = await current();
    expect((await save('details', start.revision, { ...details, phone: '01632 960999' }, editor)).statusCode).toBe(403);
    expect((await restore(start.revision!, editor)).statusCode).toBe(403);
    expect((await current()).facts.details.phone).toBe(details.phone);
    await saved('hours', { ...hours, closures: [] }, editor);
    await saved('details', { ...details, phone: '01632 960999' }, owner);
    expect((await restore(start.revision!, owner)).statusCode).toBe(200);
  });

  it('restores an earlier revision as a new one, every section back, and records saves and restores in the access log', async () => {
    const before = await saved('details', { ...details, name: 'Before Tutors' });
    await saved('details', { ...details, name: 'After Tutors' });
    const answer = await restore(before.revision!);
    expect(answer.statusCode).toBe(200);
    const restored = answer.json() as CurrentSiteFacts;
    expect(restored.revision).toBeGreaterThan(before.revision!);
    expect(restored.facts).toEqual(before.facts);
    expect(await current()).toEqual(restored);
    expect((await revisions())[0]).toMatchObject({
      id: restored.revision,
      section: 'restore',
      restoredFrom: before.revision,
      savedBy: 'Admin key',
    });
    expect((await restore(999_999)).statusCode).toBe(404);

    const log = (await subject.app.inject({ url: '/api/admin/access-log', headers: key })).json() as AccessLogPage;
    const site = log.items.filter((entry) => entry.action.startsWith('site.'));
    expect(site[0]).toMatchObject({
      action: 'site.restore',
      target: { kind: 'site', id: String(before.revision) },
      outcome: 'ok',
    });
    expect(site[1]).toMatchObject({ action: 'site.change', target: { kind: 'site', id: 'details' }, outcome: 'ok' });
    expect(site.some((entry) => entry.action === 'site.change' && entry.target?.id === 'faq')).toBe(true);
    // The log says which part changed, never the values.
    expect(JSON.stringify(log)).not.toContain('Before Tutors');
  });

  it('previews unsaved details on the home and contact pages, header brand included, and saves nothing', async () => {
    const before = await current();
    const listed = (await revisions()).length;
    const value = { ...details, name: 'Preview Tutors Ltd', phone: '01632 960555' };
    const brand = '<span class="text-blue-700">Preview</span> <span class="text-red-600">Tutors Ltd</span>';
    for (const page of ['home', 'contact']) {
      const answer = await subject.app.inject({
        method: 'POST',
        url: `/api/admin/site/details/preview?page=${page}`,
        headers: key,
        payload: { value },
      });
      expect(answer.statusCode, page).toBe(200);
      expect(answer.headers).toMatchObject({ 'cache-control': 'no-store', 'x-robots-tag': 'noindex, nofollow' });
      expect(answer.body).toContain('01632 960555');
      // The brand text was never set, so it is the business name: the preview shows the new one.
      expect(answer.body).toContain(brand);
    }
    const editorPreview = await subject.app.inject({
      method: 'POST',
      url: '/api/admin/site/details/preview?page=home',
      headers: editor,
      payload: { value },
    });
    expect(editorPreview.statusCode).toBe(403);
    expect(await current()).toEqual(before);
    expect(await revisions()).toHaveLength(listed);
    expect((await subject.app.inject('/')).body).not.toContain('01632 960555');
  });

  it('deleting a testimonial removes it from every kept revision, not only from the newest', async () => {
    const [gone, ...kept] = defaultSiteFacts.testimonials;
    expect((await storedRows()).some((facts) => facts.includes(gone!.text))).toBe(true);
    await saved('testimonials', kept);
    const rows = await storedRows();
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.filter((facts) => facts.includes(gone!.text))).toEqual([]);
    expect(rows.every((facts) => facts.includes(kept[0]!.text))).toBe(true);
  });
});
