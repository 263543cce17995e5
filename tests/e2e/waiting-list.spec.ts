import type { Page } from '@playwright/test';
import type { OfferedTimes } from '../../src/shared/bookings/bookings';
import type { StaffBookingsView } from '../../src/shared/bookings/staff';
import { clockInWords, dayInWords } from '../../src/shared/time-words';
import { tokenIn } from '../support/booking-mail';
import { type ReceivedMail, startTestSmtpServer, type TestSmtpServer } from '../support/smtp';
import { uniqueEmail } from './enquiries';
import { withDatabase } from './enquiries-db';
import { axeViolations, expect, test } from './fixtures';
import { screenshotForPeople } from './screenshots';
import { type RunningServer, startServer } from './server';

/**
 * The waiting list (issue 51), walked in a browser with script and without: a day is full, so a
 * parent joins the waiting list from the booking page with the details once; staff cancel a
 * booking that day; the job that tells waiting families runs; the parent opens the claim link
 * from the e-mail, picks the freed time and it is booked, with nothing to fill in again.
 */
const KEY = 'waiting-list-admin-key-0123456789';
const env = { NOTIFY_EMAIL: 'office@northstar.test', ENQUIRY_RATE_LIMIT: '1000', ADMIN_API_KEY: KEY };

let families = 0;
/** Each booking another family's: its own phone number too (a family holds one booking at a time). */
const parent = (email: string) => ({
  firstName: 'Priya',
  lastName: 'Waitlist',
  telephone: `01632 95${String(++families).padStart(4, '0')}`,
  email,
  subjectTitle: 'GCSE Maths',
});

test.describe('the waiting list', () => {
  let server: RunningServer;
  let smtp: TestSmtpServer;
  test.beforeAll(async () => {
    test.setTimeout(90_000);
    smtp = await startTestSmtpServer();
    server = await startServer({ ...env, SMTP_URL: smtp.url });
  });
  test.afterAll(async () => {
    await server?.stop();
    server?.remove();
    await smtp?.close();
  });

  const api = async <T>(path: string, body?: object, headers: Record<string, string> = {}) => {
    const response = await fetch(`${server.baseUrl}${path}`, {
      method: body ? 'POST' : 'GET',
      headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
      body: body ? JSON.stringify(body) : null,
    });
    return { status: response.status, json: (await response.json()) as T };
  };
  const offered = async () => (await api<OfferedTimes>('/api/bookings/times')).json;

  /** The one mail to `email` whose text holds `marker`, once the server's worker has sent it. */
  async function mailTo(email: string, marker: string): Promise<ReceivedMail> {
    const find = () => smtp.received.filter((mail) => mail.to.includes(email) && mail.text.includes(marker));
    await expect.poll(() => find().length, { timeout: 20_000 }).toBe(1);
    return find()[0]!;
  }

  /**
   * The job that tells waiting families of times come free runs each minute; rather than wait for
   * it, the server is restarted with the job due, as booking-reminder-crash.spec.ts brings its
   * job on: a process's first check at start runs it at once. The mail queued before is sent
   * first, so nothing is in flight across the restart.
   */
  async function runWaitingListJob() {
    const pending = () =>
      withDatabase(
        server.dataDir,
        (db) =>
          (db.prepare("select count(*) as n from email_outbox where status = 'pending'").get() as { n: number }).n,
      );
    await expect.poll(pending, { timeout: 20_000 }).toBe(0);
    await server.stop();
    withDatabase(server.dataDir, (db) =>
      db
        .prepare("update scheduled_jobs set next_run_at = ? where name = 'booking-waiting-list'")
        .run(new Date(0).toISOString()),
    );
    server = await startServer({ ...env, SMTP_URL: smtp.url }, { dataDir: server.dataDir });
  }

  /** No WCAG 2.2 AA violation, on a phone and on a laptop (axe-core runs as the page's script: with script only). */
  async function accessible(page: Page) {
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width === 1280 ? 900 : 844 });
      expect(await axeViolations(page), `at ${width} px`).toEqual([]);
    }
  }

  test('a parent asking for days that have free times is sent back to book one of them', async ({ page }) => {
    // The booking page offers the waiting list below its days, for days that suit better.
    await page.goto(`${server.baseUrl}/free-assessment#book-a-time`);
    const booking = page.getByRole('region', { name: 'Book a time' });
    await expect(booking.getByText('No time that suits you?')).toBeVisible();
    await screenshotForPeople(page, 'waiting-list-booking-page-offer', { of: booking });
    await booking.getByRole('link', { name: 'Join the waiting list' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Join the waiting list');
    await expect(page.getByLabel('First day you could come')).toHaveValue('');

    const free = (await offered()).days.at(-1)!;
    await page.getByLabel('First day you could come').fill(free.date);
    await page.getByLabel('Last day you could come').fill(free.date);
    await page.getByLabel('First name').fill('Ravi');
    await page.getByLabel('Last name').fill('Waitlist');
    await page.getByLabel('Telephone').fill(`01632 94${String(++families).padStart(4, '0')}`);
    await page.getByLabel('Email').fill(uniqueEmail('waiting-free'));
    await page.getByLabel('Subject (for example GCSE Maths or 11+)').fill('11+');
    await page.getByRole('button', { name: 'Join the waiting list' }).click();
    const alert = page.getByRole('main').getByRole('alert');
    await expect(alert).toContainText('There are free times on those days: please choose one of them instead.');
    // What was typed stays, should other days suit instead.
    await expect(page.getByLabel('First name')).toHaveValue('Ravi');
    await accessible(page);
    await screenshotForPeople(page, 'waiting-list-join-times-free', { fullPage: true });
    await alert.getByRole('link', { name: dayInWords(free.date) }).click();
    await expect(
      page.getByRole('heading', { name: `Choose a time on ${dayInWords(free.date)} (UK time)` }),
    ).toBeVisible();
  });

  for (const script of [true, false]) {
    const label = script ? 'js' : 'nojs';
    test.describe(script ? 'with script' : 'without script', () => {
      test.use({ javaScriptEnabled: script });

      test('a parent joins for a full day from the booking page, is told of a time freed, and books it by the link', async ({
        page,
      }) => {
        test.setTimeout(120_000);
        // A day fills up: every time on it booked by another family.
        const full = (await offered()).days[script ? 1 : 2]!;
        for (const time of full.times) {
          const booked = await api('/api/bookings', { ...parent(uniqueEmail('filler')), startsAt: time.start });
          expect(booked.status).toBe(201);
        }
        expect((await offered()).days.some((day) => day.date === full.date)).toBe(false);

        // The booking page, asked for that day, says it is full and offers the waiting list for it.
        await page.goto(`${server.baseUrl}/free-assessment?day=${full.date}#book-a-time`);
        const booking = page.getByRole('region', { name: 'Book a time' });
        await expect(booking.getByRole('alert')).toContainText(
          `There are no free times left on ${dayInWords(full.date)}.`,
        );
        await screenshotForPeople(page, `waiting-list-booking-page-full-day-${label}`, { of: booking });
        await booking.getByRole('link', { name: `Join the waiting list for ${dayInWords(full.date)}` }).click();

        // The join page: the day already in the form, the booking's details to give once.
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('Join the waiting list');
        const first = page.getByLabel('First day you could come');
        await expect(first).toHaveValue(full.date);
        await expect(page.getByLabel('Last day you could come')).toHaveValue(full.date);
        await expect(first).toHaveAttribute('min', /^\d{4}-\d{2}-\d{2}$/);
        await expect(first).toHaveAttribute('max', /^\d{4}-\d{2}-\d{2}$/);
        if (script) await accessible(page);
        await screenshotForPeople(page, `waiting-list-join-${label}`, { fullPage: true });

        // Sent with a detail missing: the message at its field, what was typed kept.
        const email = uniqueEmail(`waiting-${label}`);
        await page.getByLabel('First name').fill('Asha');
        await page.getByLabel('Last name').fill('Waitlist');
        await page.getByLabel('Telephone').fill(`01632 94${String(++families).padStart(4, '0')}`);
        await page.getByLabel('Email').fill(email);
        await page.getByRole('button', { name: 'Join the waiting list' }).click();
        await expect(page.getByText('Subject title is required')).toBeVisible();
        await expect(page.getByLabel('First name')).toHaveValue('Asha');
        await expect(page.getByLabel('First day you could come')).toHaveValue(full.date);
        await expect(page.getByLabel('Subject (for example GCSE Maths or 11+)')).toBeFocused();
        if (script) await accessible(page);
        await screenshotForPeople(page, `waiting-list-join-error-${label}`, { fullPage: true });
        await page.getByLabel('Subject (for example GCSE Maths or 11+)').fill('GCSE Maths');
        await page.getByRole('button', { name: 'Join the waiting list' }).click();

        await expect(page.getByRole('heading', { level: 1 })).toHaveText('You are on the waiting list');
        await expect(page.getByRole('main').getByRole('status')).toContainText(
          `You are on the waiting list for ${dayInWords(full.date)}.`,
        );
        expect(page.url()).toContain('/free-assessment/waiting-list?joined=1');
        await screenshotForPeople(page, `waiting-list-joined-${label}`, { fullPage: true });
        await mailTo(email, 'Subject: You are on the waiting list');

        // Staff cancel a booking on that day: a time comes free, and the job tells the family.
        const view = await api<StaffBookingsView>(`/api/admin/bookings?from=${full.date}&view=day`, undefined, {
          'x-api-key': KEY,
        });
        const cancelled = view.json.days[0]!.bookings.find((held) => held.status === 'booked')!;
        expect((await api(`/api/admin/bookings/${cancelled.id}/cancel`, {}, { 'x-api-key': KEY })).status).toBe(200);
        await runWaitingListJob();
        const offer = await mailTo(email, 'Subject: A free assessment time has come free');
        const token = tokenIn(offer, 'waiting');
        const link = `${server.baseUrl}/free-assessment/waiting?token=${token}`;

        // The claim link: the family's day with the freed time, in the booking page's picker.
        const requested: string[] = [];
        page.on('request', (request) => requested.push(request.url()));
        const opened = await page.goto(link);
        expect(opened!.status()).toBe(200);
        expect(opened!.headers()['cache-control']).toBe('no-store');
        expect(opened!.headers()['referrer-policy']).toBe('no-referrer');
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('Book the time that has come free');
        await expect(page.getByText(`A time has come free on ${dayInWords(full.date)}`)).toBeVisible();
        const hrefs = await page.locator('a[href]').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
        expect(hrefs.filter((href) => href?.includes('token='))).toEqual([]);
        if (script) await accessible(page);
        await screenshotForPeople(page, `waiting-list-claim-days-${label}`, { fullPage: true });

        const picker = page.getByRole('region', { name: 'Choose a time' });
        if (script) {
          // The picker is React's before the parent chooses (it starts when reached for).
          await picker.hover();
          await page.waitForFunction(() => {
            const button = document.querySelector('[data-island="ChangePicker"] button');
            return button !== null && Object.keys(button).some((key) => key.startsWith('__react'));
          });
        }
        await picker.getByRole('button', { name: dayInWords(full.date), exact: true }).click();
        await picker.getByRole('button', { name: clockInWords(cancelled.time), exact: true }).click();
        const question = page.getByRole('heading', { name: /^Book your assessment for / });
        await expect(question).toContainText(`${clockInWords(cancelled.time)} (UK time)?`);
        if (script) await expect(question).toBeFocused();
        if (script) await accessible(page);
        await screenshotForPeople(page, `waiting-list-claim-confirm-${label}`, { fullPage: true });

        await page.getByRole('button', { name: 'Book this time' }).click();
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your free assessment is booked');
        await expect(page.getByRole('main').getByRole('status')).toContainText(
          `Your free assessment is booked for ${dayInWords(full.date)}`,
        );
        await expect(page.getByRole('main').getByRole('status')).toContainText(
          `${clockInWords(cancelled.time)} (UK time).`,
        );
        expect(page.url()).toBe(`${server.baseUrl}/free-assessment/waiting`);
        if (script) await accessible(page);
        await screenshotForPeople(page, `waiting-list-claim-booked-${label}`, { fullPage: true });
        // Only the e-mail's link held the token.
        expect(requested.filter((url) => url.includes(token))).toEqual([link]);
        await mailTo(email, 'Subject: Your free assessment');
        expect((await offered()).days.some((day) => day.date === full.date)).toBe(false);

        // The link again: its place has ended with the booking, so it names nothing now.
        const again = await page.goto(link);
        expect(again!.status()).toBe(404);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('This link is not valid');
        await screenshotForPeople(page, `waiting-list-claim-not-valid-${label}`, { fullPage: true });
      });
    });
  }
});
