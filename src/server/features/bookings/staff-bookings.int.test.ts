import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OfferedTimes } from '../../../shared/bookings/bookings';
import { timeTakenMessage } from '../../../shared/bookings/bookings';
import type { BlockedTime, StaffBooking, StaffBookingsView } from '../../../shared/bookings/staff';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { movableClock } from '../../../../tests/support/clock';
import { roleTokenHeaders } from '../../../../tests/support/staff';

/** Monday 30 November 2026, 10:00 in London: the default rules offer times from Tuesday, 16:00 to 19:00 on weekdays. */
const start = Date.parse('2026-11-30T10:00:00.000Z');
const KEY = 'staff-bookings-key-0123456789abcdef';
const key = { 'x-api-key': KEY };
const at = (date: string, hour: string) => `${date}T${hour}:00:00.000Z`;

/** A family: each its own phone number, as each its own e-mail address. */
const parent = (firstName: string, email: string, number: number) => ({
  firstName,
  lastName: 'Khan',
  telephone: `01632 96${String(number).padStart(4, '0')}`,
  email,
  subjectTitle: 'GCSE Maths',
});

describe('staff run the bookings (issue 41 part 5, decision 0073)', () => {
  const clock = movableClock(start);
  let subject: TestApp;
  let address = 0;
  const book = (firstName: string, email: string, startsAt: string) =>
    subject.app.inject({
      method: 'POST',
      url: '/api/bookings',
      payload: { ...parent(firstName, email, ++address), startsAt },
      remoteAddress: `198.51.100.${address}`,
    });
  const admin = (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    payload?: object,
    headers: Record<string, string> = key,
  ) => subject.app.inject({ method, url, payload, headers });
  const offered = async () =>
    (await subject.app.inject({ url: '/api/bookings/times' }))
      .json<OfferedTimes>()
      .days.flatMap((day) => day.times.map((time) => time.start));
  const view = async (from: string, mode: 'day' | 'week' = 'day') =>
    (await admin('GET', `/api/admin/bookings?from=${from}&view=${mode}`)).json<StaffBookingsView>();
  const bookingOf = async (email: string) =>
    subject.database.db
      .selectFrom('bookings')
      .innerJoin('contact_submissions', 'contact_submissions.id', 'bookings.enquiry_id')
      .select(['bookings.id', 'bookings.enquiry_id', 'bookings.starts_at', 'bookings.sequence', 'bookings.status'])
      .where('contact_submissions.email', '=', email)
      .executeTakeFirstOrThrow();
  const mailsTo = (email: string, kind: string) =>
    subject.database.db
      .selectFrom('email_outbox')
      .select(['calendar', 'calendar_method', 'body', 'subject'])
      .where('recipient', '=', email)
      .where('kind', '=', kind)
      .execute();
  const accessLog = (action: string) =>
    subject.database.db
      .selectFrom('access_log')
      .select(['actor_name', 'target_kind', 'target_id'])
      .where('action', '=', action)
      .execute();

  beforeAll(async () => {
    subject = await createTestApp({
      clock: clock.now,
      env: {
        SMTP_URL: 'smtp://127.0.0.1:9',
        NOTIFY_EMAIL: 'office@northstar.test',
        MAIL_FROM: 'web@northstar.test',
        ADMIN_API_KEY: KEY,
      },
    });
    expect((await book('Priya', 'priya@example.com', at('2026-12-01', '16'))).statusCode).toBe(201);
    expect((await book('Sam', 'sam@example.com', at('2026-12-03', '17'))).statusCode).toBe(201);
  });
  afterAll(() => subject.close());

  it('lists a day’s bookings with the time on London’s clock, the parent’s name and the link’s enquiry', async () => {
    const day = await view('2026-12-01');
    expect(day.from).toBe('2026-12-01');
    expect(day.to).toBe('2026-12-01');
    expect(day.days).toHaveLength(1);
    const { enquiry_id } = await bookingOf('priya@example.com');
    expect(day.days[0]!.bookings).toEqual([
      expect.objectContaining({
        enquiryId: enquiry_id,
        time: '16:00',
        name: 'Priya Khan',
        status: 'booked',
        inBin: false,
      }),
    ]);
    // The day's other times are there to block; the booked one too (its spare places would be held).
    expect(day.days[0]!.blockable.map((time) => time.time)).toEqual(['16:00', '17:00', '18:00', '19:00']);
    // A look at the bookings is a look at their enquiries, in the access log.
    const looks = await subject.database.db
      .selectFrom('access_log_enquiries')
      .innerJoin('access_log', 'access_log.id', 'access_log_enquiries.entry_id')
      .select('access_log_enquiries.enquiry_id')
      .where('access_log.action', '=', 'booking.list')
      .execute();
    expect(looks.map((row) => Number(row.enquiry_id))).toContain(enquiry_id);
  });

  it('lists a week of seven days, each with its own bookings, empty days empty', async () => {
    const week = await view('2026-11-30', 'week');
    expect(week.days.map((day) => day.date)).toEqual([
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-05',
      '2026-12-06',
    ]);
    expect(week.days.map((day) => day.bookings.map((booking) => booking.name))).toEqual([
      [],
      ['Priya Khan'],
      [],
      ['Sam Khan'],
      [],
      [],
      [],
    ]);
    expect(week.days[5]!.weekDay).toBe('Saturday');
  });

  it('refuses hostile queries and ids with clear 4xx, never 500', async () => {
    for (const query of [
      'from=2026-02-30',
      'from=yesterday',
      'from=2026-12-01&view=month',
      'from=2026-12-01&__proto__=1',
      '',
    ]) {
      const answer = await admin('GET', `/api/admin/bookings?${query}`);
      expect(answer.statusCode, query).toBe(400);
    }
    for (const id of ['abc', '__proto__', '0', '-1', '1e3', '9999999999999999']) {
      const answer = await admin('POST', `/api/admin/bookings/${id}/move`, { startsAt: at('2026-12-01', '17') });
      expect(answer.statusCode, id).toBe(404);
    }
    expect((await admin('POST', '/api/admin/bookings/999999/cancel')).statusCode).toBe(404);
    expect((await admin('DELETE', '/api/admin/bookings/blocks/999999')).statusCode).toBe(404);
    const { id } = await bookingOf('priya@example.com');
    for (const payload of [
      { startsAt: '__proto__' },
      { startsAt: 'tomorrow' },
      {},
      { startsAt: 5 },
      { __proto__: { startsAt: 1 } },
    ]) {
      const answer = await admin('POST', `/api/admin/bookings/${id}/move`, payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
    }
    // The pattern of an instant, but no calendar's.
    const month13 = await admin('POST', '/api/admin/bookings/blocks', { startsAt: '2026-13-45T16:00:00.000Z' });
    expect(month13.statusCode).toBe(400);
    expect(month13.json()).toMatchObject({ field: 'startsAt' });
  });

  it('lets the Enquiries role and owners run bookings, not editors; nobody without a key', async () => {
    const editor = await roleTokenHeaders(subject, key, ['editor']);
    const enquiries = await roleTokenHeaders(subject, key, ['enquiries']);
    const owner = await roleTokenHeaders(subject, key, ['owner']);
    const { id } = await bookingOf('priya@example.com');
    const calls = [
      ['GET', '/api/admin/bookings?from=2026-12-01'],
      ['GET', `/api/admin/bookings/${id}/times`],
      ['POST', `/api/admin/bookings/${id}/move`],
      ['POST', `/api/admin/bookings/${id}/cancel`],
      ['POST', '/api/admin/bookings/blocks'],
      ['DELETE', '/api/admin/bookings/blocks/999999'],
    ] as const;
    for (const [method, url] of calls) {
      expect((await subject.app.inject({ method, url })).statusCode, `${method} ${url} anonymous`).toBe(401);
      const refused = await subject.app.inject({ method, url, headers: editor, payload: {} });
      expect(refused.statusCode, `${method} ${url} editor`).toBe(403);
    }
    // Reads only, so the allowed roles change nothing here.
    for (const headers of [enquiries, owner]) {
      expect((await admin('GET', '/api/admin/bookings?from=2026-12-01', undefined, headers)).statusCode).toBe(200);
      expect((await admin('GET', `/api/admin/bookings/${id}/times`, undefined, headers)).statusCode).toBe(200);
    }
  });

  it('moves a booking to a free time: the parent gets the update with a higher SEQUENCE, the old time is free', async () => {
    const before = await bookingOf('priya@example.com');
    const times = (await admin('GET', `/api/admin/bookings/${before.id}/times`)).json<OfferedTimes>();
    expect(times.days.flatMap((day) => day.times.map((time) => time.start))).toContain(at('2026-12-01', '18'));
    const moved = await admin('POST', `/api/admin/bookings/${before.id}/move`, { startsAt: at('2026-12-01', '18') });
    expect(moved.statusCode).toBe(200);
    expect(moved.json<StaffBooking>()).toMatchObject({ id: before.id, time: '18:00', status: 'booked' });
    const after = await bookingOf('priya@example.com');
    expect(after.sequence).toBe(before.sequence + 1);
    const [update] = await mailsTo('priya@example.com', 'booking-update');
    expect(update!.calendar_method).toBe('REQUEST');
    expect(update!.calendar).toContain(`SEQUENCE:${after.sequence}`);
    expect(update!.body).toContain('Tuesday 1 December, 6:00pm (UK time)');
    // The office hears of it too, naming who moved it (issue 51).
    const [notice] = await mailsTo('office@northstar.test', 'booking-notice');
    expect(notice!.subject).toMatch(/^Assessment moved by .+: Priya Khan, now Tuesday 1 December, 6:00pm \(UK time\)$/);
    expect(notice!.body).toContain('Priya Khan has been sent the new time.');
    const offeredNow = await offered();
    expect(offeredNow).toContain(at('2026-12-01', '16'));
    expect(offeredNow).not.toContain(at('2026-12-01', '18'));
    expect(await accessLog('booking.move')).toEqual([
      { actor_name: expect.any(String), target_kind: 'enquiry', target_id: String(before.enquiry_id) },
    ]);
  });

  it('refuses a move to a full time with 409 and the nearest free ones, leaving the booking where it was', async () => {
    const { id } = await bookingOf('priya@example.com');
    const full = await admin('POST', `/api/admin/bookings/${id}/move`, { startsAt: at('2026-12-03', '17') });
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({ error: timeTakenMessage, code: 'TIME_TAKEN' });
    expect((await bookingOf('priya@example.com')).starts_at).toBe(at('2026-12-01', '18'));
    const notOffered = await admin('POST', `/api/admin/bookings/${id}/move`, { startsAt: at('2026-12-01', '10') });
    expect(notOffered.statusCode).toBe(400);
    expect(notOffered.json()).toMatchObject({ field: 'startsAt' });
  });

  it('forty identical moves at once: all answer the booking at its new time, one update mailed, one place held', async () => {
    const { id, sequence } = await bookingOf('priya@example.com');
    const target = at('2026-12-01', '19');
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => admin('POST', `/api/admin/bookings/${id}/move`, { startsAt: target })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array<number>(40).fill(200));
    expect((await bookingOf('priya@example.com')).sequence).toBe(sequence + 1);
    expect(await mailsTo('priya@example.com', 'booking-update')).toHaveLength(2);
    expect(await mailsTo('office@northstar.test', 'booking-notice')).toHaveLength(2);
    const held = await subject.database.db
      .selectFrom('booking_places')
      .selectAll()
      .where('booking_id', '=', id)
      .execute();
    expect(held.map((row) => row.starts_at)).toEqual([target]);
  });

  it('cancels a booking after the screen asks: the parent gets METHOD:CANCEL, the place is free, a repeat changes nothing', async () => {
    const before = await bookingOf('sam@example.com');
    const cancelled = await admin('POST', `/api/admin/bookings/${before.id}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json<StaffBooking>()).toMatchObject({ status: 'cancelled', name: 'Sam Khan' });
    const [mail] = await mailsTo('sam@example.com', 'booking-cancellation');
    expect(mail!.calendar_method).toBe('CANCEL');
    expect(mail!.calendar).toContain('METHOD:CANCEL');
    expect(mail!.calendar).toContain(`SEQUENCE:${before.sequence + 1}`);
    expect(await offered()).toContain(at('2026-12-03', '17'));
    const again = await admin('POST', `/api/admin/bookings/${before.id}/cancel`);
    expect(again.statusCode).toBe(200);
    expect(await mailsTo('sam@example.com', 'booking-cancellation')).toHaveLength(1);
    expect(await accessLog('booking.cancel')).toHaveLength(1);
    // A cancelled booking stays listed, as cancelled.
    expect((await view('2026-12-03')).days[0]!.bookings).toEqual([expect.objectContaining({ status: 'cancelled' })]);
    const move = await admin('POST', `/api/admin/bookings/${before.id}/move`, { startsAt: at('2026-12-03', '18') });
    // Gone, as a parent's link says (410), with the reason.
    expect(move.statusCode).toBe(410);
    expect(move.json()).toMatchObject({ code: 'ALREADY_CANCELLED' });
  });

  it('blocks a time: not offered, not bookable (409), listed; unblocked, it is offered again', async () => {
    const time = at('2026-12-02', '16');
    const blocked = await admin('POST', '/api/admin/bookings/blocks', { startsAt: time });
    expect(blocked.statusCode).toBe(201);
    const block = blocked.json<BlockedTime>();
    expect(block).toMatchObject({ startsAt: time, time: '16:00', bookingsKept: 0 });
    expect(await offered()).not.toContain(time);
    const refused = await book('Ann', 'ann@example.com', time);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'TIME_TAKEN' });
    const day = (await view('2026-12-02')).days[0]!;
    expect(day.blocks).toEqual([expect.objectContaining({ id: block.id, time: '16:00' })]);
    expect(day.blockable.map((free) => free.time)).not.toContain('16:00');
    // Blocking again keeps the one block.
    expect((await admin('POST', '/api/admin/bookings/blocks', { startsAt: time })).json()).toMatchObject({
      id: block.id,
    });
    expect((await admin('DELETE', `/api/admin/bookings/blocks/${block.id}`)).statusCode).toBe(204);
    expect(await offered()).toContain(time);
    expect((await book('Ann', 'ann@example.com', time)).statusCode).toBe(201);
    expect((await admin('DELETE', `/api/admin/bookings/blocks/${block.id}`)).statusCode).toBe(404);
    expect((await accessLog('booking.block'))[0]).toMatchObject({ target_kind: 'booking-time', target_id: time });
    expect(await accessLog('booking.unblock')).toHaveLength(1);
  });

  it('blocking a booked time keeps the booking and takes its place once it is cancelled', async () => {
    const time = at('2026-12-02', '16');
    const block = (await admin('POST', '/api/admin/bookings/blocks', { startsAt: time })).json<BlockedTime>();
    expect(block.bookingsKept).toBe(1);
    const { id } = await bookingOf('ann@example.com');
    expect((await admin('POST', `/api/admin/bookings/${id}/cancel`)).statusCode).toBe(200);
    // The freed place went to the block: still not offered, still not bookable.
    expect(await offered()).not.toContain(time);
    expect((await book('Ben', 'ben@example.com', time)).statusCode).toBe(409);
    const places = await subject.database.db
      .selectFrom('booking_places')
      .selectAll()
      .where('starts_at', '=', time)
      .execute();
    expect(places.every((row) => row.block_id === block.id && row.booking_id === null)).toBe(true);
  });

  it('refuses to block a time the rules do not lay, or one already started', async () => {
    for (const startsAt of [at('2026-12-02', '10'), '2026-12-02T16:30:00.000Z', at('2026-11-29', '16')]) {
      const answer = await admin('POST', '/api/admin/bookings/blocks', { startsAt });
      expect(answer.statusCode, startsAt).toBe(400);
      expect(answer.json()).toMatchObject({ field: 'startsAt' });
    }
  });

  it('binning an enquiry cancels its booking to come in the same transaction, tells the office and not the parent; a restore brings back the enquiry only', async () => {
    const time = at('2026-12-04', '17');
    expect((await book('Olu', 'olu@example.com', time)).statusCode).toBe(201);
    const booking = await bookingOf('olu@example.com');
    expect(await offered()).not.toContain(time);
    const binned = await admin('DELETE', `/api/contact-submissions/${booking.enquiry_id}`);
    expect(binned.statusCode).toBe(204);
    expect((await bookingOf('olu@example.com')).status).toBe('cancelled');
    const held = await subject.database.db
      .selectFrom('booking_places')
      .selectAll()
      .where('booking_id', '=', booking.id)
      .execute();
    expect(held).toEqual([]);
    expect(await offered()).toContain(time);
    const notices = await mailsTo('office@northstar.test', 'booking-notice');
    const notice = notices.find((mail) => mail.subject.includes('Olu Khan'));
    expect(notice!.subject).toBe("Assessment cancelled: Olu Khan's enquiry went to the Bin");
    expect(notice!.body).toContain('Olu Khan has not been told. Restoring the enquiry does not bring the time back.');
    expect(await mailsTo('olu@example.com', 'booking-cancellation')).toEqual([]);

    // Another family books the freed time; the restore brings back the enquiry alone.
    expect((await book('Nia', 'nia@example.com', time)).statusCode).toBe(201);
    const restored = await admin('POST', `/api/admin/bin/enquiry/${booking.enquiry_id}/restore`);
    expect(restored.statusCode).toBe(204);
    expect((await bookingOf('olu@example.com')).status).toBe('cancelled');
    expect((await bookingOf('nia@example.com')).status).toBe('booked');
    // Binning it again finds no booking to cancel and tells nobody.
    expect((await admin('DELETE', `/api/contact-submissions/${booking.enquiry_id}`)).statusCode).toBe(204);
    expect(
      (await mailsTo('office@northstar.test', 'booking-notice')).filter((mail) => mail.subject.includes('Olu')),
    ).toHaveLength(1);
  });
});
