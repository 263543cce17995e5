import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { movableClock } from '../../../../tests/support/clock';
import { contact } from '../../../../tests/support/enquiries-payloads';
import { seedEnquiry } from '../../../../tests/support/enquiries-factory';
import { roleTokenHeaders } from '../../../../tests/support/staff';
import type { EnquiryPage, InboxEnquiry } from '../../../shared/enquiries/admin-schemas';
import { defaultReplySettings } from '../../../shared/enquiries/reply-settings';
import type { CurrentSiteFacts } from '../../../shared/site-facts/site-facts';
import { buildApp } from '../../app';
import { openDatabase } from '../../db/connection';

const KEY = 'stages-test-key-0123456789abcdef';
const key = { 'x-api-key': KEY };
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Issue 50: an enquiry's stages from New to Enrolled or Not going ahead, each move kept with who
 * and when, two screens never moving it twice, and the reply clock counted in the office's opening
 * hours (the defaults: Monday to Friday 09:00 to 17:00, Saturday 09:00 to 15:00, on London's clock).
 */
describe('stages to enrolment and the reply clock', () => {
  // Friday 4 December 2026, 17:30 in London (GMT): the office has just closed for the day.
  const clock = movableClock(Date.parse('2026-12-04T17:30:00.000Z'));
  let subject: TestApp;
  let other: FastifyInstance;
  let closeOther: () => Promise<void>;

  beforeAll(async () => {
    subject = await createTestApp({ env: { ADMIN_API_KEY: KEY, ENQUIRY_RATE_LIMIT: '1000' }, clock: clock.now });
    const database = openDatabase({ dataDir: subject.database.dataDir, databaseUrl: subject.database.databaseUrl });
    other = await buildApp({ config: subject.config, database, clock: clock.now });
    await other.ready();
    closeOther = async () => {
      await other.close();
      await database.close();
    };
  });
  afterAll(async () => {
    await closeOther();
    await subject.close();
  });

  const move = (id: number, payload: object, app = subject.app) =>
    app.inject({ method: 'POST', url: `/api/contact-submissions/${id}/stage`, headers: key, payload });
  const inbox = async (query = '') => {
    const answer = await subject.app.inject({
      url: `/api/contact-submissions?page=1&pageSize=100${query}`,
      headers: key,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<EnquiryPage>();
  };
  const cardOf = async (id: number): Promise<InboxEnquiry> => (await inbox()).items.find((item) => item.id === id)!;
  const sent = async () => {
    const answer = await subject.app.inject({
      method: 'POST',
      url: '/api/contact-submissions',
      payload: contact,
      remoteAddress: '198.51.100.50',
    });
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json<{ id: number }>().id;
  };

  it('counts the wait in opening hours: nothing overnight, from 09:00 on Saturday, stopped by Contacted', async () => {
    const id = await sent();
    expect((await cardOf(id)).waited).toEqual({ openingMinutes: 0, minutes: 0, stopped: false });
    clock.set(Date.parse('2026-12-05T08:59:00.000Z'));
    expect((await cardOf(id)).waited).toEqual({ openingMinutes: 0, minutes: 15 * 60 + 29, stopped: false });
    clock.set(Date.parse('2026-12-05T09:45:00.000Z'));
    expect((await cardOf(id)).waited).toEqual({ openingMinutes: 45, minutes: 16 * 60 + 15, stopped: false });

    const contacted = await move(id, { from: 'new', to: 'contacted' });
    expect(contacted.statusCode, contacted.body).toBe(200);
    expect(contacted.json()).toMatchObject({ stage: 'contacted', contactedAt: '2026-12-05T09:45:00.000Z' });
    clock.advance(DAY_MS);
    expect((await cardOf(id)).waited).toEqual({ openingMinutes: 45, minutes: 16 * 60 + 15, stopped: true });
  });

  it('counts nothing on a closure the office set, and follows the clocks changing', async () => {
    const current = (await subject.app.inject({ url: '/api/admin/site', headers: key })).json<CurrentSiteFacts>();
    const closures = [
      { id: 'inset', from: '2026-12-07', to: '2026-12-07', opens: null, closes: null, note: 'Inset day' },
    ];
    const saved = await subject.app.inject({
      method: 'PUT',
      url: '/api/admin/site/hours',
      headers: key,
      payload: { basedOn: current.revision, value: { ...current.facts.hours, closures } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // Sent Saturday 5 December 14:00: an hour that day; Sunday closed; Monday 7th an inset day.
    clock.set(Date.parse('2026-12-05T14:00:00.000Z'));
    const id = await sent();
    clock.set(Date.parse('2026-12-08T09:30:00.000Z'));
    expect((await cardOf(id)).waited).toMatchObject({ openingMinutes: 60 + 30, stopped: false });

    // Sent at 16:30 on Friday 27 March 2026 (GMT); the clocks go forward on Sunday 29 March, so on
    // Monday 30 March the office opens at 09:00 BST, 08:00 UTC.
    clock.set(Date.parse('2026-03-27T16:30:00.000Z'));
    const spring = await sent();
    clock.set(Date.parse('2026-03-30T08:15:00.000Z'));
    expect((await cardOf(spring)).waited).toMatchObject({ openingMinutes: 30 + 6 * 60 + 15, stopped: false });
  });

  it('walks New, Contacted, Assessment booked, Assessed, Enrolled, each move kept with who and when', async () => {
    const { id } = await seedEnquiry(subject.database.db);
    let from = 'new';
    for (const to of ['contacted', 'booked', 'assessed', 'enrolled']) {
      clock.advance(60_000);
      const answer = await move(id, { from, to });
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json()).toMatchObject({ stage: to, movedBy: 'Admin key', movedAt: clock.now().toISOString() });
      from = to;
    }
    const moves = await subject.database.db
      .selectFrom('enquiry_stage_moves')
      .select(['from_stage', 'to_stage', 'by_name'])
      .where('submission_id', '=', id)
      .orderBy('id')
      .execute();
    expect(moves.map((row) => `${row.from_stage}>${row.to_stage}`)).toEqual([
      'new>contacted',
      'contacted>booked',
      'booked>assessed',
      'assessed>enrolled',
    ]);
    expect((await inbox('&stage=enrolled')).items.map((item) => item.id)).toEqual([id]);
  });

  it('asks why for Not going ahead, from the centre’s own reasons, and for no other move', async () => {
    const { id } = await seedEnquiry(subject.database.db);
    const cases: [object, string][] = [
      [{ from: 'new', to: 'not-going-ahead' }, 'reason'],
      [{ from: 'new', to: 'not-going-ahead', reason: 'Too expensive for us' }, 'reason'],
      [{ from: 'new', to: 'contacted', reason: 'Price' }, 'reason'],
      [{ from: 'new', to: 'new' }, 'to'],
      [{ from: 'new', to: 'contacted', extra: 1 }, 'extra'],
      [{ from: '__proto__', to: 'contacted' }, 'from'],
    ];
    for (const [payload, field] of cases) {
      const answer = await move(id, payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      expect(answer.json<{ field: string }>().field).toBe(field);
    }
    expect((await cardOf(id)).stage.stage).toBe('new');
    const answer = await move(id, { from: 'new', to: 'not-going-ahead', reason: defaultReplySettings.reasons[0] });
    expect(answer.statusCode).toBe(200);
    expect((await cardOf(id)).stage).toMatchObject({ stage: 'not-going-ahead', reason: 'Price' });
    const unknownStage = await subject.app.inject({ url: '/api/contact-submissions?page=1&stage=nope', headers: key });
    expect([unknownStage.statusCode, unknownStage.json<{ field: string }>().field]).toEqual([400, 'stage']);
  });

  it('takes the reasons and the target owners save at /admin/site, and refuses a target of 0 or 10,000 hours', async () => {
    const put = async (value: unknown, headers: Record<string, string> = key) => {
      const current = (await subject.app.inject({ url: '/api/admin/site', headers: key })).json<CurrentSiteFacts>();
      return subject.app.inject({
        method: 'PUT',
        url: '/api/admin/site/replies',
        headers,
        payload: { basedOn: current.revision, value },
      });
    };
    const message = 'The reply target must be from a quarter of an hour to 100 opening hours';
    for (const targetMinutes of [0, 10_000 * 60, 1.5]) {
      const refused = await put({ targetMinutes, reasons: ['Price'] });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ error: message });
    }
    expect((await put({ targetMinutes: 60, reasons: ['Price', 'price'] })).json()).toMatchObject({
      error: 'Each reason must differ from the others',
    });
    const editor = await roleTokenHeaders(subject, key, ['editor']);
    expect((await put({ targetMinutes: 30, reasons: ['Moved away'] }, editor)).statusCode).toBe(403);
    expect((await put({ targetMinutes: 30, reasons: ['Moved away'] })).statusCode).toBe(200);
    expect((await inbox()).replies).toEqual({ targetMinutes: 30, reasons: ['Moved away'] });

    const { id } = await seedEnquiry(subject.database.db);
    const price = await move(id, { from: 'new', to: 'not-going-ahead', reason: 'Price' });
    expect(price.json()).toMatchObject({ error: 'Choose one of the reasons: Moved away', field: 'reason' });
    expect((await move(id, { from: 'new', to: 'not-going-ahead', reason: 'Moved away' })).statusCode).toBe(200);
    // Back to the suggested settings for the tests after this one.
    expect((await put(defaultReplySettings)).statusCode).toBe(200);
  });

  it('two screens moving it at once, through two processes: one move, and a 409 saying where it stands', async () => {
    const { id } = await seedEnquiry(subject.database.db);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, n) =>
        move(
          id,
          n % 2 ? { from: 'new', to: 'contacted' } : { from: 'new', to: 'not-going-ahead', reason: 'Timing' },
          n % 2 ? subject.app : other,
        ),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, ...Array(9).fill(409)]);
    const won = answers.find((answer) => answer.statusCode === 200)!.json<{ stage: string }>().stage;
    const label = won === 'contacted' ? 'Contacted' : 'Not going ahead';
    for (const refused of answers.filter((answer) => answer.statusCode === 409))
      expect(refused.json()).toMatchObject({
        code: 'CONFLICT',
        field: 'from',
        error: expect.stringMatching(
          new RegExp(`^This enquiry is now ${label} \\(moved by Admin key at .+\\), not New: nothing was changed\\.$`),
        ),
      });
    const moves = await subject.database.db
      .selectFrom('enquiry_stage_moves')
      .select('id')
      .where('submission_id', '=', id)
      .execute();
    expect(moves).toHaveLength(1);
  });

  it('says a binned enquiry is in the Bin, and that an unknown one does not exist', async () => {
    const { id } = await seedEnquiry(subject.database.db);
    expect(
      (await subject.app.inject({ method: 'DELETE', url: `/api/contact-submissions/${id}`, headers: key })).statusCode,
    ).toBe(204);
    const binned = await move(id, { from: 'new', to: 'contacted' });
    expect(binned.statusCode).toBe(409);
    expect(binned.json<{ error: string }>().error).toMatch(
      /^This enquiry was moved to the Bin by Admin key at .+: nothing was changed\.$/,
    );
    expect((await move(999_999, { from: 'new', to: 'contacted' })).statusCode).toBe(404);
  });

  it('enters a booking made on the page at Assessment booked, with no reply clock', async () => {
    clock.set(Date.parse('2026-11-30T10:00:00.000Z'));
    const booked = await subject.app.inject({
      method: 'POST',
      url: '/api/bookings',
      remoteAddress: '198.51.100.60',
      payload: {
        firstName: 'Priya',
        lastName: 'Khan',
        telephone: '01632 960000',
        email: 'priya@example.com',
        subjectTitle: 'GCSE Maths',
        startsAt: '2026-12-01T16:00:00.000Z',
      },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const [card] = (await inbox('&stage=booked')).items.filter((item) => item.firstName === 'Priya');
    expect(card).toMatchObject({ stage: { stage: 'booked', movedBy: null, contactedAt: null }, waited: null });
  });
});
