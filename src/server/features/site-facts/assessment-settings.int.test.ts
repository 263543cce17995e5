import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { roleTokenHeaders } from '../../../../tests/support/staff';
import type { AccessLogPage } from '../../../shared/access-log/access-log';
import {
  assessmentSettingsOf,
  bookingLimitDefaults,
  defaultAssessmentSettings,
} from '../../../shared/bookings/settings';
import { defaultSiteFacts } from '../../../shared/site-facts/defaults';
import type { AssessmentSettings, CurrentSiteFacts, SiteFactsRevision } from '../../../shared/site-facts/site-facts';

const KEY = 'assessment-settings-key-0123456789abcdef';
const key = { 'x-api-key': KEY };

const settings: AssessmentSettings = {
  lengthMinutes: 60,
  placesPerTime: 2,
  bufferMinutes: 10,
  minimumNotice: { hours: 24 },
  weeksAhead: 6,
  dailyLimit: 4,
  cutoffHours: 24,
  changesPerBooking: 1,
  bookingsPerFamily: 2,
  weeklyTimes: [
    { days: ['Monday', 'Wednesday'], opens: '16:00', closes: '19:00' },
    { days: ['Saturday'], opens: '10:00', closes: '13:00' },
  ],
};

describe('the free assessment settings, a part of the site facts (issue 41, decision 0059)', () => {
  let subject: TestApp;
  let editor: Record<string, string>;
  let enquiries: Record<string, string>;

  const current = async () =>
    (await subject.app.inject({ url: '/api/admin/site', headers: key })).json() as CurrentSiteFacts;
  const revisions = async () =>
    (await subject.app.inject({ url: '/api/admin/site/revisions', headers: key })).json() as SiteFactsRevision[];
  const put = async (section: string, value: unknown, headers: Record<string, string> = key) =>
    subject.app.inject({
      method: 'PUT',
      url: `/api/admin/site/${section}`,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: typeof value === 'string' ? value : JSON.stringify({ basedOn: (await current()).revision, value }),
    });
  const restore = (id: number) =>
    subject.app.inject({ method: 'POST', url: `/api/admin/site/revisions/${id}/restore`, headers: key });

  beforeAll(async () => {
    subject = await createTestApp({ env: { ADMIN_API_KEY: KEY } });
    editor = await roleTokenHeaders(subject, key, ['editor']);
    enquiries = await roleTokenHeaders(subject, key, ['enquiries']);
  });
  afterAll(() => subject.close());

  it('reads the defaults until saved, then keeps the saved part as a revision like the others', async () => {
    const fresh = await current();
    expect(fresh.facts.assessment).toBeNull();
    expect(assessmentSettingsOf(fresh.facts)).toEqual(defaultAssessmentSettings(defaultSiteFacts.hours));

    // Editors set it, as they set the hours; the Enquiries role runs bookings but not their settings.
    expect((await put('assessment', settings, enquiries)).statusCode).toBe(403);
    const answer = await put('assessment', settings, editor);
    expect(answer.statusCode, answer.body).toBe(200);
    expect((answer.json() as CurrentSiteFacts).facts.assessment).toEqual(settings);
    expect((await current()).facts.assessment).toEqual(settings);
    expect((await revisions()).map((revision) => revision.section)).toEqual(['assessment', 'initial']);

    const log = (await subject.app.inject({ url: '/api/admin/access-log', headers: key })).json() as AccessLogPage;
    expect(log.items.find((entry) => entry.action === 'site.change')).toMatchObject({
      target: { kind: 'site', id: 'assessment' },
      outcome: 'ok',
    });
  });

  it('a save of another part keeps the settings; a restore brings back the part as it was then', async () => {
    const withSettings = await current();
    const hoursSave = await put('hours', { ...defaultSiteFacts.hours, closures: [] });
    expect(hoursSave.statusCode, hoursSave.body).toBe(200);
    expect((await current()).facts.assessment).toEqual(settings);

    const changed = await put('assessment', { ...settings, placesPerTime: 5, minimumNotice: 'next-day' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await restore(withSettings.revision!)).statusCode).toBe(200);
    expect((await current()).facts.assessment).toEqual(settings);

    // The first version, from before anyone saved, restores to "not set": the defaults again.
    expect((await restore(1)).statusCode).toBe(200);
    expect((await current()).facts.assessment).toBeNull();
  });

  it('reads a revision stored before the part existed as the defaults, and saves on from it', async () => {
    // A revision as the previous release wrote it: no `assessment` key at all, its own hours.
    const shown = [{ days: 'Tue', opens: '15:00', closes: '18:00' }];
    const older = Object.fromEntries(
      Object.entries({ ...defaultSiteFacts, hours: { ...defaultSiteFacts.hours, shown } }).filter(
        ([part]) => part !== 'assessment',
      ),
    );
    expect(JSON.stringify(older)).not.toContain('"assessment":');
    await subject.database.db
      .insertInto('site_facts_revisions')
      .values({
        facts: JSON.stringify(older),
        section: 'hours',
        restored_from: null,
        saved_at: '2026-11-20T10:00:00.000Z',
        saved_by: 'Sam Owner',
      })
      .execute();
    const read = await current();
    expect(read.facts.assessment).toBeNull();
    expect(assessmentSettingsOf(read.facts)).toEqual({
      ...defaultAssessmentSettings(defaultSiteFacts.hours),
      weeklyTimes: [{ days: ['Tuesday'], opens: '15:00', closes: '18:00' }],
    });
    // Its parts read as before; a save of the new part based on it is no conflict.
    expect(read.facts.details).toEqual(defaultSiteFacts.details);
    const answer = await put('assessment', settings);
    expect(answer.statusCode, answer.body).toBe(200);
    expect((await current()).facts).toMatchObject({ assessment: settings, hours: { shown } });
  });

  it.each([
    ['a length of 5 minutes', { lengthMinutes: 5 }, 'value.lengthMinutes', 'Length must be a whole number of minutes'],
    ['a huge number', { bufferMinutes: 1e308 }, 'value.bufferMinutes', 'from 0 to 120'],
    ['a string for a number', { placesPerTime: '2' }, 'value.placesPerTime', 'Places at each time must be'],
    ['a fraction', { weeksAhead: 2.5 }, 'value.weeksAhead', 'How far ahead must be a whole number of weeks'],
    ['a daily limit of 0', { dailyLimit: 0 }, 'value.dailyLimit', 'Daily limit must be a whole number'],
    ['notice in days', { minimumNotice: { days: 1 } }, 'value.minimumNotice', 'Notice must be'],
    ['notice of a year', { minimumNotice: { hours: 8760 } }, 'value.minimumNotice.hours', 'from 0 to 168'],
    [
      'a weekly time closing before it opens',
      { weeklyTimes: [{ days: ['Friday'], opens: '18:00', closes: '17:00' }] },
      'value.weeklyTimes.0.closes',
      'Closes must be after opens',
    ],
    ['no weekly times', { weeklyTimes: [] }, 'value.weeklyTimes', 'Give at least one row of weekly times'],
    [
      'a cut-off of -1 hours',
      { cutoffHours: -1 },
      'value.cutoffHours',
      'Cut-off before the time must be a whole number of hours from 0 to 168',
    ],
    [
      'a cut-off of 10,000 hours',
      { cutoffHours: 10_000 },
      'value.cutoffHours',
      'Cut-off before the time must be a whole number of hours from 0 to 168',
    ],
    [
      '1,000 changes',
      { changesPerBooking: 1000 },
      'value.changesPerBooking',
      'Changes allowed per booking must be a whole number of changes from 0 to 20',
    ],
    [
      'no bookings per family',
      { bookingsPerFamily: 0 },
      'value.bookingsPerFamily',
      'Bookings at once per family must be a whole number of bookings from 1 to 10',
    ],
    [
      'the limits left out',
      { cutoffHours: undefined },
      'value.cutoffHours',
      'Cut-off before the time must be a whole number of hours from 0 to 168',
    ],
  ])('refuses %s with a 400 naming the field, and saves nothing', async (_what, change, field, message) => {
    const before = await current();
    const listed = (await revisions()).length;
    const answer = await put('assessment', { ...settings, ...change });
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json()).toMatchObject({ code: 'VALIDATION_FAILED', field });
    expect(answer.json().error).toContain(message);
    expect(await current()).toEqual(before);
    expect(await revisions()).toHaveLength(listed);
  });

  it('reads a part saved before the limits on links and families existed at their defaults (issue 51)', async () => {
    // The part as the release before saved it: no cutoffHours, changesPerBooking, bookingsPerFamily.
    const { cutoffHours, changesPerBooking, bookingsPerFamily, ...older } = settings;
    expect([cutoffHours, changesPerBooking, bookingsPerFamily]).toEqual([24, 1, 2]);
    await subject.database.db
      .insertInto('site_facts_revisions')
      .values({
        facts: JSON.stringify({ ...(await current()).facts, assessment: older }),
        section: 'assessment',
        restored_from: null,
        saved_at: '2026-12-01T10:00:00.000Z',
        saved_by: 'Sam Owner',
      })
      .execute();
    const read = await current();
    expect(read.facts.assessment).toEqual({ ...older, ...bookingLimitDefaults });
    expect(assessmentSettingsOf(read.facts)).toMatchObject({
      cutoffHours: 12,
      changesPerBooking: 2,
      bookingsPerFamily: 1,
    });
    // Saved on from it with the limits given, as the form sends them.
    const answer = await put('assessment', settings);
    expect(answer.statusCode, answer.body).toBe(200);
    expect((await current()).facts.assessment).toEqual(settings);
  });

  it('refuses inherited names as keys with a 400, never a 500, saving nothing and polluting nothing', async () => {
    const before = await current();
    const body = (value: string) => `{"basedOn": ${before.revision}, "value": ${value}}`;
    const fields = JSON.stringify(settings).slice(1);
    // The JSON parser itself refuses `__proto__` and `constructor.prototype` anywhere, before the
    // rules see the value: a 400 that can name no field.
    for (const hostile of [
      body(`{"__proto__": {"lengthMinutes": 15}, ${fields}`),
      body(`{"constructor": {"prototype": {"polluted": true}}, ${fields}`),
      body(`{${fields.slice(0, -1)}, "minimumNotice": {"__proto__": {"hours": 1}, "hours": 3}}`),
    ]) {
      const answer = await put('assessment', hostile);
      expect(answer.statusCode, hostile).toBe(400);
      expect(answer.json(), hostile).toEqual({
        error: 'The request body is not valid JSON, or names __proto__ or constructor.prototype.',
        code: 'FST_ERR_CTP_INVALID_JSON_BODY',
      });
    }
    // Other inherited names reach the rules, which name the key they do not know.
    for (const [hostile, field] of [
      [body(`{"constructor": {"name": "x"}, ${fields}`), 'value.constructor'],
      [body(`{"toString": 1, "hasOwnProperty": 2, ${fields}`), 'value.toString'],
      [body(`{${fields.slice(0, -1)}, "minimumNotice": {"valueOf": 0, "hours": 3}}`), 'value.minimumNotice.valueOf'],
    ] as const) {
      const answer = await put('assessment', hostile);
      expect(answer.statusCode, hostile).toBe(400);
      expect(answer.json(), hostile).toMatchObject({ code: 'VALIDATION_FAILED', field });
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(await current()).toEqual(before);
  });

  it('previews unsaved settings like any part, for editors, saving nothing; refuses bad ones as a save does', async () => {
    const before = await current();
    const listed = (await revisions()).length;
    const preview = (value: unknown, headers = editor) =>
      subject.app.inject({
        method: 'POST',
        url: '/api/admin/site/assessment/preview?page=free-assessment',
        headers,
        payload: { value },
      });
    const answer = await preview({ ...settings, lengthMinutes: 30 });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers).toMatchObject({ 'cache-control': 'no-store', 'x-robots-tag': 'noindex, nofollow' });
    // The page where parents book, as the preview button names it.
    expect(answer.body).toMatch(/rel="canonical" href="[^"]*\/free-assessment"/);
    expect((await preview(settings, enquiries)).statusCode).toBe(403);
    const refused = await preview({ ...settings, placesPerTime: 99 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ field: 'value.placesPerTime' });
    expect(await current()).toEqual(before);
    expect(await revisions()).toHaveLength(listed);
  });
});
