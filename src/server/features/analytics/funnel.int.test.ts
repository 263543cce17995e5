import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { movableClock } from '../../../../tests/support/clock';
import { seedEnquiry } from '../../../../tests/support/enquiries-factory';
import { joinAsStaff, type JoinedStaff } from '../../../../tests/support/staff';
import type { Funnel } from '../../../shared/analytics/funnel';
import type { InsightsReport } from '../../../shared/analytics/insights';
import type { Stage } from '../../../shared/enquiries/stages';

const KEY = 'funnel-test-key-0123456789abcdef';
const key = { 'x-api-key': KEY };

/**
 * Issue 50: Insights' funnel from visit to enrolment per source and campaign, the first contact in
 * opening time, and the show rate, for a week against the week before. The default hours (Monday
 * to Friday 09:00 to 17:00, Saturday 09:00 to 15:00, in London) and an hour's reply target; March
 * 2026 is on GMT until the 29th, so London's clock reads as UTC here.
 */
describe('the funnel from visit to enrolment', () => {
  // Monday 9 March 2026, 09:00: the week asked for is Monday 2 to Sunday 8 March, and the one before.
  const clock = movableClock(Date.parse('2026-03-09T09:00:00.000Z'));
  let subject: TestApp;
  let robin: JoinedStaff;

  /** A visit's source as the attribution keeps it. */
  type Source = { channel: string; source: string | null; medium: string | null; campaign: string | null };
  const campaign: Source = { channel: 'campaign', source: 'facebook', medium: 'paid', campaign: 'spring-gcse' };
  const search: Source = { channel: 'search', source: 'google.co.uk', medium: null, campaign: null };
  const direct: Source = { channel: 'direct', source: null, medium: null, campaign: null };

  /** An enquiry as the site would have taken it: when, from where (none: its visit was not counted), and a booking. */
  const arrive = async (
    at: string,
    source: Source | null,
    options: { conversion?: boolean; booking?: { startsAt: string; attendance: string | null }; binned?: boolean } = {},
  ) => {
    const { db } = subject.database;
    const enquiry = await seedEnquiry(db, {
      submitted_at: at,
      updated_at: at,
      ...(options.binned && { deleted_at: clock.now().toISOString() }),
    });
    if (source)
      await db
        .insertInto('analytics_attribution')
        .values({
          enquiry_id: enquiry.id,
          at,
          landing_path: '/',
          sent_from: '/contact',
          conversion: options.conversion === false ? 'false' : 'true',
          ...source,
        })
        .execute();
    if (options.booking) {
      // As a booking on /free-assessment leaves it: the booking, and its enquiry entered at Assessment booked.
      const ends = new Date(Date.parse(options.booking.startsAt) + 45 * 60_000).toISOString();
      await db
        .insertInto('bookings')
        .values({
          enquiry_id: enquiry.id,
          starts_at: options.booking.startsAt,
          ends_at: ends,
          london_date: options.booking.startsAt.slice(0, 10),
          uid: `funnel-${enquiry.id}@test`,
          cancel_token_hash: `c${enquiry.id}`,
          change_token_hash: `h${enquiry.id}`,
          created_at: at,
          attendance: options.booking.attendance,
        })
        .execute();
      await db.updateTable('contact_submissions').set({ stage: 'booked' }).where('id', '=', enquiry.id).execute();
    }
    return enquiry.id;
  };

  /** Staff move an enquiry on at a moment, through the inbox's own route. */
  const move = async (id: number, at: string, from: Stage, to: Stage, reason?: string) => {
    clock.set(Date.parse(at));
    const moved = await subject.app.inject({
      method: 'POST',
      url: `/api/contact-submissions/${id}/stage`,
      headers: robin.headers,
      payload: { from, to, ...(reason && { reason }) },
    });
    expect(moved.statusCode, moved.body).toBe(200);
  };
  const walk = async (id: number, at: string, path: Stage[], reason?: string) => {
    for (let step = 1; step < path.length; step++)
      await move(id, at, path[step - 1]!, path[step]!, step === path.length - 1 ? reason : undefined);
  };

  const report = async (from: string, to: string) => {
    clock.set(Date.parse('2026-03-09T09:00:00.000Z'));
    const answer = await subject.app.inject({ url: `/api/admin/insights?from=${from}&to=${to}`, headers: key });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<InsightsReport>();
  };

  let funnel: Funnel;

  beforeAll(async () => {
    subject = await createTestApp({ clock: clock.now, env: { ADMIN_API_KEY: KEY } });
    robin = await joinAsStaff(subject, key, {
      email: 'robin@centre.test',
      roles: ['enquiries'],
      name: 'Robin Office',
      at: clock.now(),
    });
    const { db } = subject.database;
    // Visits begun per source, as the retention run leaves finished days: one day in each week.
    await db
      .insertInto('analytics_days')
      .values([
        { day: '2026-02-25', views: 12, visitors: 12, left_out: 0, totalled: 1 },
        { day: '2026-03-08', views: 23, visitors: 23, left_out: 0, totalled: 1 },
      ])
      .execute();
    const visits = (day: string, source: Source, entries: number) => ({
      day,
      path: '/',
      channel: source.channel,
      source: source.source ?? '',
      medium: source.medium ?? '',
      campaign: source.campaign ?? '',
      views: entries,
      visitors: entries,
      entries,
    });
    await db
      .insertInto('analytics_daily')
      .values([
        visits('2026-03-08', campaign, 5),
        visits('2026-03-08', search, 8),
        visits('2026-03-08', direct, 10),
        visits('2026-02-25', search, 12),
      ])
      .execute();

    // Last week.
    const enrolled = await arrive('2026-03-02T10:00:00.000Z', campaign);
    await walk(enrolled, '2026-03-02T10:30:00.000Z', ['new', 'contacted', 'booked', 'assessed', 'enrolled']);
    // Sent on Friday at 16:30, answered on Saturday at 09:45: 30 + 45 opening minutes.
    const declined = await arrive('2026-03-06T16:30:00.000Z', search);
    await walk(declined, '2026-03-07T09:45:00.000Z', ['new', 'contacted', 'booked', 'not-going-ahead'], 'Price');
    const came = await arrive('2026-03-03T11:00:00.000Z', direct, {
      booking: { startsAt: '2026-03-05T16:00:00.000Z', attendance: 'attended' },
    });
    await walk(came, '2026-03-05T17:00:00.000Z', ['booked', 'assessed']);
    await arrive('2026-03-04T12:00:00.000Z', campaign, {
      booking: { startsAt: '2026-03-06T15:00:00.000Z', attendance: 'no-show' },
    });
    // Sent late on Sunday: no opening time has passed by Monday 09:00.
    await arrive('2026-03-08T20:00:00.000Z', direct);
    // Its visit was not counted (a visitor who asked not to be): in the totals, in no source.
    await arrive('2026-03-05T09:00:00.000Z', null);
    // The same visitor's second enquiry that day, and one in the Bin: neither counts.
    const again = await arrive('2026-03-02T10:20:00.000Z', campaign, { conversion: false });
    await walk(again, '2026-03-02T10:40:00.000Z', ['new', 'contacted']);
    await arrive('2026-03-03T10:00:00.000Z', search, { binned: true });
    // The week before: one family, answered after two opening hours.
    const before = await arrive('2026-02-24T10:00:00.000Z', search);
    await walk(before, '2026-02-24T12:00:00.000Z', ['new', 'contacted']);

    funnel = (await report('2026-03-02', '2026-03-08')).funnel;
  });
  afterAll(() => subject.close());

  it('counts each enquiry at every stage it has reached, form and booking apart, against the week before', () => {
    expect(funnel.totals.current).toEqual({
      visits: 23,
      enquiries: 6,
      fromForm: 4,
      fromBooking: 2,
      // Both families who booked themselves have their answer.
      contacted: 4,
      // Including the one now Not going ahead, which had got that far.
      booked: 4,
      assessed: 2,
      enrolled: 1,
    });
    expect(funnel.totals.previous).toEqual({
      visits: 12,
      enquiries: 1,
      fromForm: 1,
      fromBooking: 0,
      contacted: 1,
      booked: 0,
      assessed: 0,
      enrolled: 0,
    });
  });

  it('splits the funnel by source and by campaign, the most enquiries first', () => {
    expect(funnel.sources.map((row) => [row.channel, row.source, row.current.enquiries, row.current.visits])).toEqual([
      // Tied on enquiries: the more visits first.
      ['direct', null, 2, 10],
      ['campaign', 'facebook', 2, 5],
      ['search', 'google.co.uk', 1, 8],
    ]);
    const facebook = funnel.sources[1]!;
    expect(facebook.current).toMatchObject({
      fromForm: 1,
      fromBooking: 1,
      contacted: 2,
      booked: 2,
      assessed: 1,
      enrolled: 1,
    });
    expect(facebook.showRate).toEqual({ attended: 0, noShow: 1, unmarked: 0, rate: 0 });
    expect(funnel.sources[0]!.showRate).toEqual({ attended: 1, noShow: 0, unmarked: 0, rate: 1 });
    const google = funnel.sources[2]!;
    expect(google.previous).toMatchObject({ visits: 12, enquiries: 1, contacted: 1 });
    expect(funnel.campaigns).toEqual([
      {
        source: 'facebook',
        medium: 'paid',
        campaign: 'spring-gcse',
        current: expect.objectContaining({ visits: 5, enquiries: 2, enrolled: 1 }),
        previous: expect.objectContaining({ visits: 0, enquiries: 0 }),
      },
    ]);
  });

  it('measures the first contact in opening minutes, and the share within the target', () => {
    expect(funnel.targetMinutes).toBe(60);
    // Answered after 30 and 75 opening minutes; the family whose visit was not counted has waited
    // since Thursday 09:00 (22 opening hours), past the target; Sunday's has waited none.
    expect(funnel.firstContact.current).toEqual({
      answered: 2,
      waitingPastTarget: 1,
      medianMinutes: 30,
      p90Minutes: 75,
      withinTarget: 1 / 3,
    });
    expect(funnel.firstContact.previous).toEqual({
      answered: 1,
      waitingPastTarget: 0,
      medianMinutes: 120,
      p90Minutes: 120,
      withinTarget: 0,
    });
    expect(funnel.waitingNow).toEqual({ families: 2, longestMinutes: 22 * 60 });
  });

  it('gives the show rate of the assessments whose time has passed', () => {
    expect(funnel.showRate.current).toEqual({ attended: 1, noShow: 1, unmarked: 0, rate: 0.5 });
    expect(funnel.showRate.previous).toEqual({ attended: 0, noShow: 0, unmarked: 0, rate: null });
    // Week by week (issue 51): both fell in the week of Monday 2 March.
    expect(funnel.showRateByWeek).toEqual([{ week: '2026-03-02', attended: 1, noShow: 1, unmarked: 0, rate: 0.5 }]);
  });

  it('counts an enquiry by the centre’s day it arrived on, as the rest of the report', async () => {
    const monday = await report('2026-03-02', '2026-03-02');
    expect(monday.funnel.totals.current.enquiries).toBe(1);
    expect(monday.funnel.totals.current.enrolled).toBe(1);
    // The day before (Sunday 1 March) had no enquiry.
    expect(monday.funnel.totals.previous.enquiries).toBe(0);
  });
});
