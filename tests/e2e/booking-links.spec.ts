import type { BookedTime, OfferedTimes } from '../../src/shared/bookings/bookings';
import { assessmentSettingsOf } from '../../src/shared/bookings/settings';
import type { OfferedTime } from '../../src/shared/bookings/slots';
import type { AssessmentSettings, CurrentSiteFacts } from '../../src/shared/site-facts/site-facts';
import { clockInWords, dayInWords, timeInWords } from '../../src/shared/time-words';
import { attachedCalendar, parsedEvent, tokenIn } from '../support/booking-mail';
import { type ReceivedMail, startTestSmtpServer, type TestSmtpServer } from '../support/smtp';
import { uniqueEmail } from './enquiries';
import { axeViolations, expect, test } from './fixtures';
import { screenshotForPeople } from './screenshots';
import { e2eDatabases, type SiteOnDatabase } from './databases';
import type { RunningServer } from './server';

/**
 * The links in a booking's confirmation (issue 41), followed in a browser with script and without:
 * the cancel link cancels only when its button is pressed, and the parent's calendar is told
 * (METHOD:CANCEL, the same UID, a higher SEQUENCE); the change link moves the booking, a time taken
 * meanwhile offers the nearest free ones, and the update carries the new UK wall-clock time. Each
 * runs on SQLite and on PostgreSQL (issue 51), a server and a database of its own for each.
 */
let families = 0;
/** Each booking another family's: its own phone number too (a family holds one booking at a time, issue 51). */
const parent = (email: string) => ({
  firstName: 'Priya',
  lastName: 'Linktest',
  telephone: `01632 96${String(++families).padStart(4, '0')}`,
  email,
  subjectTitle: 'GCSE Maths',
  yearGroup: 'Year 10',
});

const KEY = 'booking-links-admin-key-0123456789';

/** Saves the free assessment settings with `change`, as staff would at /admin/site. */
async function assessmentSettings(server: RunningServer, change: Partial<AssessmentSettings>) {
  const headers = { 'x-api-key': KEY, 'content-type': 'application/json' };
  const current = (await (await fetch(`${server.baseUrl}/api/admin/site`, { headers })).json()) as CurrentSiteFacts;
  const value = { ...assessmentSettingsOf(current.facts), ...change };
  const saved = await fetch(`${server.baseUrl}/api/admin/site/assessment`, {
    method: 'PUT',
    headers,
    body: JSON.stringify({ basedOn: current.revision, value }),
  });
  expect(saved.status).toBe(200);
}

/** A server of its own on `database`, mailing through `smtp`, its links' cut-off `cutoffHours`. */
async function linksSite(database: (typeof e2eDatabases)[number], smtp: TestSmtpServer, cutoffHours: number) {
  const site = await database.start({
    SMTP_URL: smtp.url,
    NOTIFY_EMAIL: 'office@northstar.test',
    LOG_LEVEL: 'info',
    ENQUIRY_RATE_LIMIT: '1000',
    ADMIN_API_KEY: KEY,
  });
  await assessmentSettings(site.server, { cutoffHours });
  return site;
}

for (const database of e2eDatabases) {
  test.describe(`the booking links, on ${database.name}`, () => {
    let site: SiteOnDatabase;
    let server: RunningServer;
    let smtp: TestSmtpServer;
    test.beforeAll(async () => {
      test.setTimeout(90_000);
      smtp = await startTestSmtpServer();
      // These book tomorrow, which late on a Friday or Saturday evening is within the default
      // 12-hour cut-off (issue 51): the links act until the time itself here, as before.
      site = await linksSite(database, smtp, 0);
      server = site.server;
    });
    test.afterAll(async () => {
      await site?.close();
      await smtp?.close();
    });

    const api = async <T>(path: string, body?: object): Promise<{ status: number; json: T }> => {
      const response = await fetch(`${server.baseUrl}${path}`, {
        method: body ? 'POST' : 'GET',
        headers: body ? { 'content-type': 'application/json' } : {},
        body: body ? JSON.stringify(body) : null,
      });
      return { status: response.status, json: (await response.json()) as T };
    };
    const offered = async () => (await api<OfferedTimes>('/api/bookings/times')).json;
    const isOffered = async (start: string) =>
      (await offered()).days.some((day) => day.times.some((time) => time.start === start));

    /** Books `time` for `email` through the API: the confirmation as it arrived, and its event. */
    async function book(time: OfferedTime, email: string) {
      const booked = await api<BookedTime>('/api/bookings', { ...parent(email), startsAt: time.start });
      expect(booked.status).toBe(201);
      const confirmation = await mailTo(email, 'Subject: Your free assessment');
      return { confirmation, event: parsedEvent(attachedCalendar(confirmation)) };
    }

    /** The one mail to `email` whose raw text holds `marker`, once the server's worker has sent it. */
    async function mailTo(email: string, marker: string): Promise<ReceivedMail> {
      const find = () => smtp.received.filter((mail) => mail.to.includes(email) && mail.text.includes(marker));
      await expect.poll(() => find().length, { timeout: 20_000 }).toBe(1);
      return find()[0]!;
    }

    for (const script of [true, false]) {
      const label = `${script ? 'js' : 'nojs'}-${database.name.toLowerCase()}`;
      test.describe(script ? 'with script' : 'without script', () => {
        test.use({ javaScriptEnabled: script });

        test('the cancel link shows the booking, cancels on the button, and the time is offered again', async ({
          page,
        }) => {
          test.setTimeout(90_000);
          const tomorrow = (await offered()).days[0]!;
          const time = tomorrow.times[script ? 0 : 1]!;
          const email = uniqueEmail(`cancel-${label}`);
          const { confirmation, event } = await book(time, email);
          expect(await isOffered(time.start)).toBe(false);
          const link = `${server.baseUrl}/free-assessment/cancel?token=${tokenIn(confirmation, 'cancel')}`;

          const opened = await page.goto(link);
          expect(opened!.status()).toBe(200);
          expect(opened!.headers()['cache-control']).toBe('no-store');
          expect(opened!.headers()['referrer-policy']).toBe('no-referrer');
          await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cancel your free assessment');
          await expect(page.getByText('Your free assessment is booked for')).toContainText(
            `${clockInWords(time.time)} (UK time)`,
          );
          await screenshotForPeople(page, `booking-links-cancel-confirm-${label}`, { fullPage: true });
          // Opening the link cancelled nothing.
          expect(await isOffered(time.start)).toBe(false);

          await page.getByRole('button', { name: 'Cancel the assessment' }).click();
          await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your assessment is cancelled');
          await expect(page.getByRole('main').getByRole('status')).toContainText(`Your assessment on`);
          await expect(page.getByRole('main').getByRole('status')).toContainText(
            `${clockInWords(time.time)} (UK time) is cancelled.`,
          );
          await expect(page.getByRole('link', { name: 'Book another time' })).toHaveAttribute(
            'href',
            '/free-assessment',
          );
          await screenshotForPeople(page, `booking-links-cancel-done-${label}`, { fullPage: true });

          const cancellation = parsedEvent(attachedCalendar(await mailTo(email, 'Subject: Cancelled')));
          expect(cancellation.method).toBe('CANCEL');
          expect(event.method).toBe('REQUEST');
          expect(cancellation.event.uid).toBe(event.event.uid);
          expect(cancellation.event.sequence).toBeGreaterThan(event.event.sequence);
          expect(await isOffered(time.start)).toBe(true);

          // The same link again: said plainly, with no button.
          const again = await page.goto(link);
          expect(again!.status()).toBe(410);
          await expect(page.getByRole('heading', { level: 1 })).toHaveText('This booking has already been cancelled');
          await expect(page.getByRole('button', { name: 'Cancel the assessment' })).toHaveCount(0);
          await screenshotForPeople(page, `booking-links-cancel-already-${label}`, { fullPage: true });

          const broken = await page.goto(`${server.baseUrl}/free-assessment/cancel?token=not-a-token`);
          expect(broken!.status()).toBe(400);
          await expect(page.getByRole('heading', { level: 1 })).toHaveText('This link is not valid');
          await screenshotForPeople(page, `booking-links-link-not-valid-${label}`, { fullPage: true });

          // The server's request log names the page, never the token. Its lines are written after the
          // answer, through a buffer flushed each second (src/server/log-destination.ts): wait for the
          // last request's line, the broken link's 400, before reading them all.
          await expect
            .poll(() => server.output())
            .toContain('"method":"GET","path":"/free-assessment/cancel","status":400');
          expect(server.output()).not.toContain(tokenIn(confirmation, 'cancel'));
        });

        test('the change link moves the booking with the booking page’s picker; a time taken meanwhile offers the nearest free ones', async ({
          page,
        }) => {
          test.setTimeout(90_000);
          const days = (await offered()).days;
          const from = days[0]!.times.at(script ? -1 : -2)!;
          const email = uniqueEmail(`change-${label}`);
          const { confirmation, event } = await book(from, email);
          const token = tokenIn(confirmation, 'change');
          const link = `${server.baseUrl}/free-assessment/change?token=${token}`;
          // Every address the page asks for: only the e-mail's link holds the token (issue 51).
          const requested: string[] = [];
          page.on('request', (request) => requested.push(request.url()));
          const picker = page.getByRole('region', { name: 'Choose a new time' });
          /** With script, the picker is React's before the parent chooses (it starts when reached for). */
          const ready = async () => {
            if (!script) return;
            await picker.hover();
            await page.waitForFunction(() => {
              const button = document.querySelector('[data-island="ChangePicker"] button');
              return button !== null && Object.keys(button).some((key) => key.startsWith('__react'));
            });
          };

          const opened = await page.goto(link);
          expect(opened!.headers()['cache-control']).toBe('no-store');
          expect(opened!.headers()['referrer-policy']).toBe('no-referrer');
          await expect(page.getByRole('heading', { level: 1 })).toHaveText('Change the time of your free assessment');
          await expect(page.getByText('Your free assessment is booked for')).toContainText(
            `${clockInWords(from.time)} (UK time)`,
          );
          await expect(picker.getByRole('heading', { name: 'Choose a day', level: 3 })).toBeVisible();
          const hrefs = await page.locator('a[href]').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
          expect(hrefs.filter((href) => href?.includes('token='))).toEqual([]);
          if (script) expect(await axeViolations(page)).toEqual([]);
          await screenshotForPeople(page, `booking-links-change-days-${label}`, { fullPage: true });

          // A day, then a time on it: buttons posting the token in the body (in place with script), changing nothing.
          const day = days[script ? 1 : 2]!;
          await ready();
          const timesRead = script
            ? page.waitForResponse((response) => response.url().endsWith('/api/bookings/times'))
            : undefined;
          await picker.getByRole('button', { name: dayInWords(day.date), exact: true }).click();
          await timesRead;
          const timesHeading = picker.getByRole('heading', {
            name: `Choose a time on ${dayInWords(day.date)} (UK time)`,
          });
          await expect(timesHeading).toBeVisible();
          if (script) await expect(timesHeading).toBeFocused();
          // Without script the page came back from its post: its address no longer holds the token.
          expect(page.url()).toBe(script ? link : `${server.baseUrl}/free-assessment/change#change-times`);
          if (script) expect(await axeViolations(page)).toEqual([]);
          await screenshotForPeople(page, `booking-links-change-times-${label}`, { fullPage: true });
          const wanted = day.times[0]!;
          await picker.getByRole('button', { name: clockInWords(wanted.time), exact: true }).click();
          const question = page.getByRole('heading', { name: /^Move your assessment to / });
          await expect(question).toContainText(`${clockInWords(wanted.time)} (UK time)?`);
          if (script) await expect(question).toBeFocused();
          await screenshotForPeople(page, `booking-links-change-confirm-${label}`, { fullPage: true });

          // Another parent takes that time before this one confirms.
          await book(wanted, uniqueEmail(`rival-${label}`));
          await page.getByRole('button', { name: 'Move to this time' }).click();
          const alert = page.getByRole('main').getByRole('alert');
          await expect(alert).toContainText('That time has just been taken; here are the nearest free ones');
          expect(page.url()).toBe(`${server.baseUrl}/free-assessment/change`);
          await screenshotForPeople(page, `booking-links-change-taken-${label}`, { fullPage: true });

          // The nearest free time offered instead: confirm it.
          const next = day.times[1]!;
          await ready();
          await alert.getByRole('button', { name: timeInWords(next.start), exact: true }).click();
          await page.getByRole('button', { name: 'Move to this time' }).click();
          await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your assessment has a new time');
          await expect(page.getByRole('main').getByRole('status')).toContainText(
            `${clockInWords(next.time)} (UK time)`,
          );
          await screenshotForPeople(page, `booking-links-change-done-${label}`, { fullPage: true });
          expect(requested.filter((url) => url.includes(token))).toEqual([link]);

          const update = parsedEvent(attachedCalendar(await mailTo(email, 'Subject: Changed')));
          expect(update.method).toBe('REQUEST');
          expect(update.event.uid).toBe(event.event.uid);
          expect(update.event.sequence).toBeGreaterThan(event.event.sequence);
          // The new time on London's wall clock, in London's zone.
          expect(update.vevent.getFirstProperty('dtstart')!.getParameter('tzid')).toBe('Europe/London');
          const start = update.event.startDate;
          expect(`${String(start.hour).padStart(2, '0')}:${String(start.minute).padStart(2, '0')}`).toBe(next.time);
          expect(start.toString().slice(0, 10)).toBe(day.date);
          // The old time is free again; the new one is not.
          expect(await isOffered(from.start)).toBe(true);
          expect(await isOffered(next.start)).toBe(false);
        });
      });
    }
  });

  /**
   * Issue 51: inside the cut-off before the time, the links no longer act. The cut-off set to a
   * week (the most), so tomorrow's booking is inside it whatever the hour the test runs: each link
   * shows the booking's time and the centre's phone and says to call, with script and without, and
   * the server refuses the same post whatever the page sends.
   */
  test.describe(`inside the cut-off, on ${database.name}`, () => {
    let site: SiteOnDatabase;
    let server: RunningServer;
    let smtp: TestSmtpServer;
    test.beforeAll(async () => {
      test.setTimeout(90_000);
      smtp = await startTestSmtpServer();
      site = await linksSite(database, smtp, 168);
      server = site.server;
    });
    test.afterAll(async () => {
      await site?.close();
      await smtp?.close();
    });

    const post = (path: string, body: object) =>
      fetch(`${server.baseUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });

    for (const script of [true, false]) {
      const label = `${script ? 'js' : 'nojs'}-${database.name.toLowerCase()}`;
      test.describe(script ? 'with script' : 'without script', () => {
        test.use({ javaScriptEnabled: script });

        test('a parent inside the cut-off sees the time and “call us”, and nothing changes', async ({ page }) => {
          test.setTimeout(90_000);
          const offered = (await (await fetch(`${server.baseUrl}/api/bookings/times`)).json()) as OfferedTimes;
          const time = offered.days[0]!.times[script ? 0 : 1]!;
          const email = uniqueEmail(`cut-off-${label}`);
          expect((await post('/api/bookings', { ...parent(email), startsAt: time.start })).status).toBe(201);
          const find = () => smtp.received.filter((mail) => mail.to.includes(email));
          await expect.poll(() => find().length, { timeout: 20_000 }).toBeGreaterThan(0);
          const confirmation = find()[0]!;

          for (const [link, title, button] of [
            ['cancel', 'Please call us to cancel your assessment', 'Cancel the assessment'],
            ['change', 'Please call us to change the time of your assessment', 'Move to this time'],
          ] as const) {
            const opened = await page.goto(
              `${server.baseUrl}/free-assessment/${link}?token=${tokenIn(confirmation, link)}`,
            );
            expect(opened!.status()).toBe(200);
            expect(opened!.headers()['cache-control']).toBe('no-store');
            await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
            const main = page.getByRole('main');
            await expect(main.getByText('Your free assessment is booked for')).toContainText(
              `${clockInWords(time.time)} (UK time)`,
            );
            await expect(main.getByText('Your assessment is now within 7 days')).toBeVisible();
            await expect(main.getByRole('link', { name: '01632 960123' })).toHaveAttribute('href', 'tel:01632960123');
            await expect(page.getByRole('button', { name: button })).toHaveCount(0);
            // axe runs as script in the page: with script only.
            if (script) expect(await axeViolations(page)).toEqual([]);
            await screenshotForPeople(page, `booking-links-${link}-call-us-${label}`, { fullPage: true });
          }

          // Whatever a page might post: refused, the booking as it was.
          const cancel = await post('/api/bookings/cancel', { token: tokenIn(confirmation, 'cancel') });
          expect(cancel.status).toBe(409);
          expect(((await cancel.json()) as { code: string }).code).toBe('CUT_OFF');
          const times = (await (await fetch(`${server.baseUrl}/api/bookings/times`)).json()) as OfferedTimes;
          expect(times.days.flatMap((day) => day.times).some((free) => free.start === time.start)).toBe(false);
        });
      });
    }
  });
}
