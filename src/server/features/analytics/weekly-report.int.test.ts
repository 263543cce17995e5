import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { movableClock } from '../../../../tests/support/clock';
import { seedEnquiry } from '../../../../tests/support/enquiries-factory';
import { joinAsStaff, type JoinedStaff } from '../../../../tests/support/staff';
import type { InsightsReport } from '../../../shared/analytics/insights';
import { defaultSiteFacts } from '../../../shared/site-facts/defaults';
import { type Database, openDatabase } from '../../db/connection';
import { createReports } from './reports';
import { createWeeklyReport, dueWeek } from './weekly-report';
import { weeklyReportMail } from './weekly-report-mail';

const KEY = 'weekly-report-test-key-0123456789abcdef';
const key = { 'x-api-key': KEY };
const PUBLIC_URL = 'https://www.example.test';

/**
 * Issue 50: the owners' Monday report, at 08:00 on London's clock, once per week however many
 * processes and restarts look, with the Insights API's numbers for the same week.
 */
describe('the Monday report', () => {
  // Monday 9 March 2026, 08:00 in London (GMT).
  const clock = movableClock(Date.parse('2026-03-09T08:00:00.000Z'));
  let subject: TestApp;
  let second: Database;
  let sam: JoinedStaff;
  let alex: JoinedStaff;
  let robin: JoinedStaff;
  /** Two processes' weekly reports, each with its own connection to the one database. */
  let processes: ReturnType<typeof createWeeklyReport>[];

  const outbox = () =>
    subject.database.db
      .selectFrom('email_outbox')
      .select(['recipient', 'subject', 'body', 'html', 'kind'])
      .where('kind', '=', 'weekly-report')
      .orderBy('recipient')
      .execute();
  const insights = async (from: string, to: string) => {
    const answer = await subject.app.inject({ url: `/api/admin/insights?from=${from}&to=${to}`, headers: key });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<InsightsReport>();
  };
  const processFor = (database: Database) => {
    const siteFacts = async () => defaultSiteFacts;
    const reports = createReports({ database, clock: clock.now, siteFacts, counting: true });
    return createWeeklyReport({ database, clock: clock.now, reports, siteFacts, publicUrl: PUBLIC_URL, mailOn: true });
  };
  const enquiryAt = (at: string, name: string) =>
    seedEnquiry(subject.database.db, { submitted_at: at, updated_at: at, first_name: name, last_name: 'Surname' });

  beforeAll(async () => {
    subject = await createTestApp({
      clock: clock.now,
      env: {
        ADMIN_API_KEY: KEY,
        SMTP_URL: 'smtp://127.0.0.1:9',
        NOTIFY_EMAIL: 'office@northstar.test',
        MAIL_FROM: 'web@northstar.test',
        PUBLIC_URL,
      },
    });
    const at = clock.now();
    sam = await joinAsStaff(subject, key, { email: 'sam@centre.test', roles: ['owner'], name: 'Sam Owner', at });
    alex = await joinAsStaff(subject, key, { email: 'alex@centre.test', roles: ['owner'], name: 'Alex Owner', at });
    robin = await joinAsStaff(subject, key, {
      email: 'robin@centre.test',
      roles: ['enquiries'],
      name: 'Robin Office',
      at,
    });
    second = openDatabase({ dataDir: subject.database.dataDir, databaseUrl: subject.database.databaseUrl });
    processes = [subject.database, second].map(processFor);
    // Alex opts out on Insights.
    const optOut = await subject.app.inject({
      method: 'PUT',
      url: '/api/admin/insights/weekly-report',
      headers: alex.headers,
      payload: { send: false },
    });
    expect(optOut.statusCode, optOut.body).toBe(204);
    // Last week two families, one the week before; one the day the report goes.
    await enquiryAt('2026-03-02T10:00:00.000Z', 'Amira');
    await enquiryAt('2026-03-08T23:30:00.000Z', 'Ben');
    await enquiryAt('2026-02-27T10:00:00.000Z', 'Cara');
    await enquiryAt('2026-03-09T07:30:00.000Z', 'Dev');
  });
  afterAll(async () => {
    await second.close();
    await subject.close();
  });
  beforeEach(async () => {
    await subject.database.db.deleteFrom('email_outbox').execute();
    await subject.database.db.deleteFrom('weekly_reports').execute();
  });

  it('goes at 08:00 London time on Mondays, and not days late', () => {
    expect(dueWeek(new Date('2026-03-09T07:59:59.999Z'))).toBeNull();
    expect(dueWeek(new Date('2026-03-09T08:00:00.000Z'))).toBe('2026-03-09');
    expect(dueWeek(new Date('2026-03-10T07:59:00.000Z'))).toBe('2026-03-09');
    expect(dueWeek(new Date('2026-03-10T08:00:00.000Z'))).toBeNull();
    // The clocks went forward on Sunday 29 March: 08:00 in London is 07:00 UTC that Monday.
    expect(dueWeek(new Date('2026-03-30T06:59:00.000Z'))).toBeNull();
    expect(dueWeek(new Date('2026-03-30T07:00:00.000Z'))).toBe('2026-03-30');
    // And back on Sunday 25 October: 08:00 is 08:00 UTC again.
    expect(dueWeek(new Date('2026-10-26T07:30:00.000Z'))).toBeNull();
    expect(dueWeek(new Date('2026-10-26T08:00:00.000Z'))).toBe('2026-10-26');
  });

  it('is sent now to the owner asking from Insights, once a minute at most', async () => {
    // Before any other test moves the clock on: the sessions are fresh.
    clock.set(Date.parse('2026-03-09T08:00:10.000Z'));
    const send = (headers: Record<string, string>) =>
      subject.app.inject({ method: 'POST', url: '/api/admin/insights/weekly-report/send', headers });
    const sent = await send(alex.headers);
    expect(sent.statusCode, sent.body).toBe(202);
    expect(sent.json()).toEqual({ sentTo: 'alex@centre.test' });
    const again = await send(alex.headers);
    expect(again.statusCode).toBe(429);
    expect(again.json()).toMatchObject({ error: 'The report is already on its way: look for it in your inbox.' });
    expect((await outbox()).map((mail) => mail.recipient)).toEqual(['alex@centre.test']);
    // Only owners; the admin key is nobody's account.
    expect((await send(robin.headers)).statusCode).toBe(403);
    expect((await send(key)).statusCode).toBe(400);
    expect(
      (await subject.app.inject({ method: 'POST', url: '/api/admin/insights/weekly-report/send' })).statusCode,
    ).toBe(401);
  });

  it('keeps each owner’s choice, and refuses a choice that is not true or false', async () => {
    const choice = async (staff: JoinedStaff) =>
      (await subject.app.inject({ url: '/api/admin/insights/weekly-report', headers: staff.headers })).json();
    expect(await choice(sam)).toEqual({ send: true });
    expect(await choice(alex)).toEqual({ send: false });
    for (const payload of [
      { send: 'yes' },
      {},
      { send: true, extra: 1 },
      JSON.parse('{"__proto__": {"send": true}}'),
    ]) {
      const refused = await subject.app.inject({
        method: 'PUT',
        url: '/api/admin/insights/weekly-report',
        headers: sam.headers,
        payload,
      });
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(await choice(sam)).toEqual({ send: true });
  });
  it('is queued once for each owner who has not opted out, however many processes look at once', async () => {
    clock.set(Date.parse('2026-03-09T08:00:30.000Z'));
    const queued = await Promise.all(Array.from({ length: 20 }, (_, index) => processes[index % 2]!.sendDue()));
    expect(queued.filter((owners) => owners > 0)).toEqual([1]);
    const mails = await outbox();
    // Sam alone: Alex opted out, Robin is not an owner.
    expect(mails.map((mail) => mail.recipient)).toEqual(['sam@centre.test']);
    // After a restart (a new process on the same database) and later that morning, nothing more.
    const restarted = processFor(subject.database);
    clock.set(Date.parse('2026-03-09T11:00:00.000Z'));
    expect(await restarted.sendDue()).toBe(0);
    expect(await outbox()).toHaveLength(1);
    expect(await subject.database.db.selectFrom('weekly_reports').selectAll().execute()).toEqual([
      { week: '2026-03-09', queued_at: '2026-03-09T08:00:30.000Z', recipients: 1 },
    ]);
  });

  it('says what the Insights API says for the same week, in text and HTML, naming nobody', async () => {
    clock.set(Date.parse('2026-03-09T08:01:00.000Z'));
    await processes[0]!.sendDue();
    const [mail] = await outbox();
    const report = await insights('2026-03-02', '2026-03-08');
    const expected = weeklyReportMail({
      centreName: defaultSiteFacts.details.name,
      report,
      comingBookings: [],
      insightsUrl: `${PUBLIC_URL}/admin/insights`,
    });
    expect(mail!.body).toBe(expected.text);
    expect(mail!.html).toBe(expected.html);
    expect(mail!.subject).toBe(expected.subject);
    expect(report.funnel.totals.current.enquiries).toBe(2);
    expect(report.funnel.totals.previous.enquiries).toBe(1);
    expect(mail!.body).toContain('  All enquiries: 2 (1)');
    expect(mail!.subject).toContain('2 enquiries last week (1 the week before)');
    for (const name of ['Amira', 'Ben', 'Cara', 'Dev', 'Surname', '@example.test'])
      expect(`${mail!.subject}${mail!.body}${mail!.html}`).not.toContain(name);
  });

  it('covers the centre’s Monday to Sunday in the week the clocks go forward', async () => {
    // Sunday 29 March 23:30 BST is 22:30 UTC: that week. Monday 30 March 00:30 BST (23:30 UTC on the 29th) is not.
    await enquiryAt('2026-03-29T22:30:00.000Z', 'Eve');
    await enquiryAt('2026-03-29T23:30:00.000Z', 'Fin');
    clock.set(Date.parse('2026-03-30T07:00:00.000Z'));
    expect(await processes[1]!.sendDue()).toBe(1);
    const [mail] = await outbox();
    const report = await insights('2026-03-23', '2026-03-29');
    expect(report.funnel.totals.current.enquiries).toBe(1);
    expect(mail!.body).toContain('  All enquiries: 1 (0)');
    expect(mail!.body).toBe(
      weeklyReportMail({
        centreName: defaultSiteFacts.details.name,
        report,
        comingBookings: [],
        insightsUrl: `${PUBLIC_URL}/admin/insights`,
      }).text,
    );
  });
});
