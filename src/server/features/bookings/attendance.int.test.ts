import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AttendanceConflict } from '../../../shared/bookings/attendance';
import type { StaffBooking, StaffBookingsView } from '../../../shared/bookings/staff';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { movableClock } from '../../../../tests/support/clock';
import { joinAsStaff, type JoinedStaff, roleTokenHeaders } from '../../../../tests/support/staff';
import { buildApp } from '../../app';
import { openDatabase } from '../../db/connection';

/** Monday 30 November 2026, 10:00 in London: the default rules offer one place at 16:00 to 19:00 from Tuesday. */
const start = Date.parse('2026-11-30T10:00:00.000Z');
/** Tuesday 1 December 2026, 20:00: Tuesday's assessments have all begun, Wednesday's not. */
const evening = Date.parse('2026-12-01T20:00:00.000Z');
const KEY = 'attendance-test-key-0123456789abcdef';
const key = { 'x-api-key': KEY };
const at = (date: string, hour: string) => `${date}T${hour}:00:00.000Z`;

/**
 * Issue 50: staff mark a booking whose time has passed Attended or No-show on "Upcoming
 * assessments"; the mark moves the enquiry between Assessment booked and Assessed in the same
 * transaction, each mark and move kept with who and when, two screens never marking twice.
 */
describe('Attended and No-show on upcoming assessments', () => {
  const clock = movableClock(start);
  let subject: TestApp;
  let other: FastifyInstance;
  let closeOther: () => Promise<void>;
  let jo: JoinedStaff;
  let address = 0;
  /** Booking ids by the parent's first name. */
  const booked = new Map<string, { id: number; enquiryId: number }>();

  const book = async (firstName: string, startsAt: string) => {
    const answer = await subject.app.inject({
      method: 'POST',
      url: '/api/bookings',
      payload: {
        firstName,
        lastName: 'Khan',
        // Each parent another family: a phone of their own too (one booking to come per family, issue 51).
        telephone: `01632 96${String(address + 1).padStart(4, '0')}`,
        email: `${firstName.toLowerCase()}@example.com`,
        subjectTitle: 'GCSE Maths',
        startsAt,
      },
      remoteAddress: `198.51.100.${++address}`,
    });
    expect(answer.statusCode, answer.body).toBe(201);
    const row = await subject.database.db
      .selectFrom('bookings')
      .innerJoin('contact_submissions', 'contact_submissions.id', 'bookings.enquiry_id')
      .select(['bookings.id', 'bookings.enquiry_id'])
      .where('contact_submissions.first_name', '=', firstName)
      .executeTakeFirstOrThrow();
    booked.set(firstName, { id: row.id, enquiryId: row.enquiry_id });
  };
  const idOf = (firstName: string) => booked.get(firstName)!.id;
  const enquiryOf = (firstName: string) => booked.get(firstName)!.enquiryId;

  const mark = (id: number, payload: unknown, headers: Record<string, string> = jo.headers, app = subject.app) =>
    app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${id}/attendance`,
      headers: typeof payload === 'string' ? { ...headers, 'content-type': 'application/json' } : headers,
      payload: payload as string | object,
    });
  const stageOf = (firstName: string) =>
    subject.database.db
      .selectFrom('contact_submissions')
      .select(['stage', 'staged_at', 'staged_by_account_id', 'staged_by_name'])
      .where('id', '=', enquiryOf(firstName))
      .executeTakeFirstOrThrow();
  const stageMoves = (firstName: string) =>
    subject.database.db
      .selectFrom('enquiry_stage_moves')
      .select(['from_stage', 'to_stage', 'at', 'by_account_id', 'by_name'])
      .where('submission_id', '=', enquiryOf(firstName))
      .orderBy('id')
      .execute();
  const marks = (firstName: string) =>
    subject.database.db
      .selectFrom('booking_attendance_marks')
      .select(['from_attendance', 'to_attendance', 'at', 'by_account_id', 'by_name'])
      .where('booking_id', '=', idOf(firstName))
      .orderBy('id')
      .execute();
  const listedOf = async (firstName: string, date = '2026-12-01') => {
    const answer = await subject.app.inject({ url: `/api/admin/bookings?from=${date}&view=day`, headers: key });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<StaffBookingsView>().days[0]!.bookings.find((booking) => booking.name === `${firstName} Khan`)!;
  };

  beforeAll(async () => {
    subject = await createTestApp({
      clock: clock.now,
      env: { ADMIN_API_KEY: KEY, ENQUIRY_RATE_LIMIT: '1000' },
    });
    const database = openDatabase({ dataDir: subject.database.dataDir, databaseUrl: subject.database.databaseUrl });
    other = await buildApp({ config: subject.config, database, clock: clock.now });
    await other.ready();
    closeOther = async () => {
      await other.close();
      await database.close();
    };
    await book('Priya', at('2026-12-01', '16'));
    await book('Sam', at('2026-12-01', '17'));
    await book('Cara', at('2026-12-01', '18'));
    await book('Dev', at('2026-12-01', '19'));
    await book('Bea', at('2026-12-02', '16'));
    await book('Eli', at('2026-12-02', '17'));
    await book('Fay', at('2026-12-02', '18'));
    clock.set(evening);
    // Staff sign in once the day is over (a session idles out after 30 minutes of the clock).
    jo = await joinAsStaff(subject, key, {
      email: 'jo@northstar.test',
      roles: ['enquiries'],
      name: 'Jo Bloggs',
      at: clock.now(),
    });
  });
  afterAll(async () => {
    await closeOther();
    await subject.close();
  });

  it('marks Attended: the enquiry moves from Assessment booked to Assessed, naming who and when', async () => {
    expect((await stageOf('Priya')).stage).toBe('booked');
    expect((await listedOf('Priya')).attendance).toBeNull();
    clock.advance(60_000);
    const now = clock.now().toISOString();
    const answer = await mark(idOf('Priya'), { from: null, to: 'attended' });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json<StaffBooking>()).toMatchObject({
      id: idOf('Priya'),
      name: 'Priya Khan',
      status: 'booked',
      attendance: { mark: 'attended', markedBy: 'Jo Bloggs', markedAt: now, anotherTimeOffered: null },
    });
    expect(await stageOf('Priya')).toEqual({
      stage: 'assessed',
      staged_at: now,
      staged_by_account_id: jo.id,
      staged_by_name: 'Jo Bloggs',
    });
    expect((await stageMoves('Priya')).at(-1)).toEqual({
      from_stage: 'booked',
      to_stage: 'assessed',
      at: now,
      by_account_id: jo.id,
      by_name: 'Jo Bloggs',
    });
    expect(await marks('Priya')).toEqual([
      { from_attendance: null, to_attendance: 'attended', at: now, by_account_id: jo.id, by_name: 'Jo Bloggs' },
    ]);
    // The day view carries the mark.
    expect((await listedOf('Priya')).attendance).toEqual({
      mark: 'attended',
      markedBy: 'Jo Bloggs',
      markedAt: now,
      anotherTimeOffered: null,
    });
    // And the access log has it, on the enquiry, by Jo.
    const logged = await subject.database.db
      .selectFrom('access_log')
      .select(['actor_name', 'target_kind', 'target_id', 'outcome'])
      .where('action', '=', 'booking.attendance')
      .execute();
    expect(logged).toEqual([
      { actor_name: 'Jo Bloggs', target_kind: 'enquiry', target_id: String(enquiryOf('Priya')), outcome: 'ok' },
    ]);
  });

  it('marks No-show without moving the enquiry, which stays at Assessment booked', async () => {
    const movesBefore = await stageMoves('Sam');
    const answer = await mark(idOf('Sam'), { from: null, to: 'no-show' });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json<StaffBooking>().attendance).toMatchObject({ mark: 'no-show', markedBy: 'Jo Bloggs' });
    expect((await stageOf('Sam')).stage).toBe('booked');
    expect(await stageMoves('Sam')).toEqual(movesBefore);
    expect(await marks('Sam')).toHaveLength(1);
  });

  it('changes Attended to No-show: the enquiry goes back to Assessment booked, both marks kept', async () => {
    clock.advance(60_000);
    const now = clock.now().toISOString();
    // The key marks it this time: the name it goes by is kept.
    const answer = await mark(idOf('Priya'), { from: 'attended', to: 'no-show' }, key);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json<StaffBooking>().attendance).toEqual({
      mark: 'no-show',
      markedBy: 'Admin key',
      markedAt: now,
      anotherTimeOffered: null,
    });
    expect(await stageOf('Priya')).toMatchObject({
      stage: 'booked',
      staged_by_account_id: null,
      staged_by_name: 'Admin key',
    });
    expect((await stageMoves('Priya')).slice(-2).map((move) => [move.from_stage, move.to_stage, move.by_name])).toEqual(
      [
        ['booked', 'assessed', 'Jo Bloggs'],
        ['assessed', 'booked', 'Admin key'],
      ],
    );
    expect((await marks('Priya')).map((row) => [row.from_attendance, row.to_attendance, row.by_name])).toEqual([
      [null, 'attended', 'Jo Bloggs'],
      ['attended', 'no-show', 'Admin key'],
    ]);

    // A screen still showing Attended (or nothing) is told who marked it what, and nothing changes.
    for (const from of ['attended', null]) {
      const stale = await mark(idOf('Priya'), { from, to: from === null ? 'attended' : 'no-show' });
      expect(stale.statusCode, stale.body).toBe(409);
      expect(stale.json<AttendanceConflict>()).toEqual({
        error: 'Admin key already marked it No-show.',
        code: 'ATTENDANCE_CHANGED',
        field: 'from',
        attendance: { mark: 'no-show', markedBy: 'Admin key', markedAt: now, anotherTimeOffered: null },
      });
    }
    expect(await marks('Priya')).toHaveLength(2);

    // And back to Attended: Assessed again.
    expect((await mark(idOf('Priya'), { from: 'no-show', to: 'attended' })).statusCode).toBe(200);
    expect((await stageOf('Priya')).stage).toBe('assessed');
    expect(await marks('Priya')).toHaveLength(3);
  });

  it('moves no enquiry that has moved on from Assessment booked, nor back one not at Assessed', async () => {
    // Staff moved Sam's enquiry to Enrolled meanwhile: a change of mark leaves it there.
    const moved = await subject.app.inject({
      method: 'POST',
      url: `/api/contact-submissions/${enquiryOf('Sam')}/stage`,
      headers: key,
      payload: { from: 'booked', to: 'enrolled' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await mark(idOf('Sam'), { from: 'no-show', to: 'attended' })).statusCode).toBe(200);
    expect((await stageOf('Sam')).stage).toBe('enrolled');
    expect((await mark(idOf('Sam'), { from: 'attended', to: 'no-show' })).statusCode).toBe(200);
    expect((await stageOf('Sam')).stage).toBe('enrolled');
    expect((await stageMoves('Sam')).map((move) => move.to_stage)).toEqual(['booked', 'enrolled']);
  });

  it('refuses a booking not yet begun (409 NOT_YET), a cancelled one (410) and an unknown one (404)', async () => {
    const future = await mark(idOf('Bea'), { from: null, to: 'attended' });
    expect(future.statusCode).toBe(409);
    expect(future.json()).toEqual({ error: 'You can mark it once its time has passed.', code: 'NOT_YET' });

    const cancelled = await subject.app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${idOf('Eli')}/cancel`,
      headers: key,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const refused = await mark(idOf('Eli'), { from: null, to: 'no-show' });
    expect(refused.statusCode).toBe(410);
    expect(refused.json()).toMatchObject({ code: 'ALREADY_CANCELLED' });

    const unknown = await mark(987654, { from: null, to: 'attended' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'There is no booking 987654.', code: 'NOT_FOUND' });
    for (const id of ['0', 'abc', '1e3', '99999999999999999999']) {
      const answer = await subject.app.inject({
        method: 'POST',
        url: `/api/admin/bookings/${id}/attendance`,
        headers: key,
        payload: { from: null, to: 'attended' },
      });
      expect(answer.statusCode, id).toBe(404);
    }
    expect(await marks('Bea')).toEqual([]);
    expect(await marks('Eli')).toEqual([]);
    expect((await stageOf('Bea')).stage).toBe('booked');
  });

  it('lets the inbox’s staff and owners mark, not editors; nobody signed out', async () => {
    const editor = await roleTokenHeaders(subject, key, ['editor']);
    const owner = await roleTokenHeaders(subject, key, ['owner']);
    const body = { from: null, to: 'attended' };
    expect((await mark(idOf('Cara'), body, {})).statusCode).toBe(401);
    expect((await mark(idOf('Cara'), body, editor)).statusCode).toBe(403);
    // Jo's session without its CSRF token is refused too.
    expect((await mark(idOf('Cara'), body, { cookie: jo.headers.cookie })).statusCode).toBe(403);
    expect(await marks('Cara')).toEqual([]);
    // An owner's token may (Sam's enquiry, Enrolled meanwhile, stays there).
    const byOwner = await mark(idOf('Sam'), { from: 'no-show', to: 'attended' }, owner);
    expect(byOwner.statusCode, byOwner.body).toBe(200);
    expect(byOwner.json<StaffBooking>().attendance).toMatchObject({ mark: 'attended', markedBy: 'Only owner' });
    expect((await stageOf('Sam')).stage).toBe('enrolled');
  });

  it('refuses bad bodies with a 400 naming the field, and marks nothing', async () => {
    const id = idOf('Cara');
    const cases: [unknown, string | undefined][] = [
      [{ from: null, to: 'maybe' }, 'to'],
      [{ from: null }, 'to'],
      [{ to: 'attended' }, 'from'],
      [{ from: 'came', to: 'attended' }, 'from'],
      [{ from: null, to: 'attended', extra: 1 }, 'extra'],
      [{ from: null, to: '__proto__' }, 'to'],
      [{ from: '__proto__', to: 'attended' }, 'from'],
      [{ from: null, to: 'attended', constructor: { prototype: 1 } }, undefined],
      [{ from: null, to: 'attended', toString: 1 }, 'toString'],
      [{ from: 'attended', to: 'attended' }, 'to'],
      [{ from: null, to: ['attended'] }, 'to'],
      [[], undefined],
      ['"attended"', undefined],
      ['{"__proto__": {"to": "attended"}, "from": null, "to": "attended"}', undefined],
      ['{"from": null, "to": "attended", "__proto__": {"polluted": true}}', undefined],
    ];
    for (const [payload, field] of cases) {
      const answer = await mark(id, payload);
      const shown = typeof payload === 'string' ? payload : JSON.stringify(payload);
      expect(answer.statusCode, shown).toBe(400);
      const body = answer.json<{ error: string; code: string; field?: string }>();
      expect(body.field, shown).toBe(field);
      expect(body.error, shown).toBeTruthy();
      if (typeof payload === 'string' && payload.includes('__proto__')) {
        expect(body).toEqual({
          error: 'The request body is not valid JSON, or names __proto__ or constructor.prototype.',
          code: 'FST_ERR_CTP_INVALID_JSON_BODY',
        });
      }
    }
    expect((await mark(id, { from: null, to: 'maybe' })).json()).toEqual({
      error: 'to must be attended or no-show',
      code: 'VALIDATION_FAILED',
      field: 'to',
    });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(await marks('Cara')).toEqual([]);
  });

  it('two screens marking at once over two processes: exactly one mark, the other told who made it', async () => {
    const [first, second] = await Promise.all([
      mark(idOf('Cara'), { from: null, to: 'attended' }),
      mark(idOf('Cara'), { from: null, to: 'no-show' }, key, other),
    ]);
    const answers = [first!, second!];
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const won = answers.find((answer) => answer.statusCode === 200)!.json<StaffBooking>();
    const lost = answers.find((answer) => answer.statusCode === 409)!.json<AttendanceConflict>();
    expect(lost.code).toBe('ATTENDANCE_CHANGED');
    expect(lost.attendance).toEqual(won.attendance);
    expect(await marks('Cara')).toHaveLength(1);
    expect((await marks('Cara'))[0]!.to_attendance).toBe(won.attendance!.mark);
    const movedOn = (await stageMoves('Cara')).filter((move) => move.to_stage === 'assessed');
    expect((await stageOf('Cara')).stage).toBe(won.attendance!.mark === 'attended' ? 'assessed' : 'booked');
    expect(movedOn).toHaveLength(won.attendance!.mark === 'attended' ? 1 : 0);
  });

  it('twenty identical marks at once over two processes: one 200, nineteen 409s, one mark and one move', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        n % 2 === 0
          ? mark(idOf('Dev'), { from: null, to: 'attended' })
          : mark(idOf('Dev'), { from: null, to: 'attended' }, key, other),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    for (const answer of answers.filter((each) => each.statusCode === 409)) {
      expect(answer.json<AttendanceConflict>()).toMatchObject({
        code: 'ATTENDANCE_CHANGED',
        attendance: { mark: 'attended' },
      });
      expect(answer.json<AttendanceConflict>().error).toMatch(/^(Jo Bloggs|Admin key) already marked it Attended\.$/);
    }
    expect(await marks('Dev')).toHaveLength(1);
    expect((await stageMoves('Dev')).map((move) => [move.from_stage, move.to_stage])).toEqual([
      ['new', 'booked'],
      ['booked', 'assessed'],
    ]);
    expect((await stageOf('Dev')).stage).toBe('assessed');
  });

  it('refuses an enquiry in the Bin with a 409 that says so', async () => {
    clock.set(Date.parse('2026-12-02T19:30:00.000Z'));
    const staffNow = await joinAsStaff(subject, key, {
      email: 'rita@northstar.test',
      roles: ['enquiries'],
      name: 'Rita Reader',
      at: clock.now(),
    });
    const binned = await subject.app.inject({
      method: 'DELETE',
      url: `/api/contact-submissions/${enquiryOf('Fay')}`,
      headers: staffNow.headers,
    });
    expect(binned.statusCode, binned.body).toBeLessThan(300);
    const answer = await mark(idOf('Fay'), { from: null, to: 'attended' }, staffNow.headers);
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toMatchObject({ code: 'CONFLICT' });
    expect(answer.json<{ error: string }>().error).toMatch(
      /^This enquiry was moved to the Bin by Rita Reader at .*: nothing was marked\.$/,
    );
    expect(await marks('Fay')).toEqual([]);
    // Bea's time (16:00 on Wednesday) has passed now: Assessed.
    expect((await mark(idOf('Bea'), { from: null, to: 'attended' }, staffNow.headers)).statusCode).toBe(200);
    expect((await stageOf('Bea')).stage).toBe('assessed');
  });

  it('deletes the marks with their booking when the enquiry is deleted for good', async () => {
    expect(await marks('Priya')).toHaveLength(3);
    await subject.database.db.deleteFrom('contact_submissions').where('id', '=', enquiryOf('Priya')).execute();
    expect(await marks('Priya')).toEqual([]);
  });
});
