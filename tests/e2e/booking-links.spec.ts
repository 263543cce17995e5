import type { BookedTime, OfferedTimes } from '../../src/shared/bookings/bookings';
import type { OfferedTime } from '../../src/shared/bookings/slots';
import { attachedCalendar, parsedEvent, tokenIn } from '../support/booking-mail';
import { type ReceivedMail, startTestSmtpServer, type TestSmtpServer } from '../support/smtp';
import { uniqueEmail } from './enquiries';
import { expect, test } from './fixtures';
import { screenshotForPeople } from './screenshots';
import { type RunningServer, startServer } from './server';

/**
 * The links in a booking's confirmation (issue 41), followed in a browser with script and without:
 * the cancel link cancels only when its button is pressed, and the parent's calendar is told
 * (METHOD:CANCEL, the same UID, a higher SEQUENCE); the change link moves the booking, a time taken
 * meanwhile offers the nearest free ones, and the update carries the new UK wall-clock time.
 */
const parent = (email: string) => ({
  firstName: 'Priya',
  lastName: 'Linktest',
  telephone: '01632 960000',
  email,
  subjectTitle: 'GCSE Maths',
  yearGroup: 'Year 10',
});

test.describe('the booking links', () => {
  let server: RunningServer;
  let smtp: TestSmtpServer;
  test.beforeAll(async () => {
    test.setTimeout(90_000);
    smtp = await startTestSmtpServer();
    server = await startServer({
      SMTP_URL: smtp.url,
      NOTIFY_EMAIL: 'office@northstar.test',
      LOG_LEVEL: 'info',
      ENQUIRY_RATE_LIMIT: '1000',
    });
  });
  test.afterAll(async () => {
    await server?.stop();
    server?.remove();
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
    const label = script ? 'js' : 'nojs';
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
        await expect(page.getByText('Your free assessment is booked for')).toContainText(`${time.time} (UK time)`);
        await screenshotForPeople(page, `booking-links-cancel-confirm-${label}`, { fullPage: true });
        // Opening the link cancelled nothing.
        expect(await isOffered(time.start)).toBe(false);

        await page.getByRole('button', { name: 'Cancel the assessment' }).click();
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your assessment is cancelled');
        await expect(page.getByRole('main').getByRole('status')).toContainText(`Your assessment on`);
        await expect(page.getByRole('main').getByRole('status')).toContainText(`${time.time} (UK time) is cancelled.`);
        await expect(page.getByRole('link', { name: 'Book another time' })).toHaveAttribute('href', '/free-assessment');
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

      test('the change link moves the booking; a time taken meanwhile offers the nearest free ones', async ({
        page,
      }) => {
        test.setTimeout(90_000);
        const days = (await offered()).days;
        const from = days[0]!.times.at(script ? -1 : -2)!;
        const email = uniqueEmail(`change-${label}`);
        const { confirmation, event } = await book(from, email);
        const link = `${server.baseUrl}/free-assessment/change?token=${tokenIn(confirmation, 'change')}`;

        await page.goto(link);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('Change the time of your free assessment');
        await expect(page.getByText('Your free assessment is booked for')).toContainText(`${from.time} (UK time)`);
        await screenshotForPeople(page, `booking-links-change-days-${label}`, { fullPage: true });

        // A day, then a time on it: links, changing nothing.
        const day = days[script ? 1 : 2]!;
        await page.locator(`a[href*="day=${day.date}"]`).click();
        await expect(page.getByRole('heading', { name: /^2\. Choose a time on / })).toBeVisible();
        await screenshotForPeople(page, `booking-links-change-times-${label}`, { fullPage: true });
        const wanted = day.times[0]!;
        await page.getByRole('link', { name: wanted.time, exact: true }).click();
        await expect(page.getByRole('heading', { name: /^Move your assessment to / })).toContainText(
          `${wanted.time} (UK time)?`,
        );
        await screenshotForPeople(page, `booking-links-change-confirm-${label}`, { fullPage: true });

        // Another parent takes that time before this one confirms.
        await book(wanted, uniqueEmail(`rival-${label}`));
        await page.getByRole('button', { name: 'Move to this time' }).click();
        const alert = page.getByRole('main').getByRole('alert');
        await expect(alert).toContainText('That time has just been taken; here are the nearest free ones');
        await screenshotForPeople(page, `booking-links-change-taken-${label}`, { fullPage: true });

        // The nearest free time offered instead: confirm it.
        const next = day.times[1]!;
        await alert.locator(`a[href*="at=${encodeURIComponent(next.start)}"]`).click();
        await page.getByRole('button', { name: 'Move to this time' }).click();
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your assessment has a new time');
        await expect(page.getByRole('main').getByRole('status')).toContainText(`${next.time} (UK time)`);
        await screenshotForPeople(page, `booking-links-change-done-${label}`, { fullPage: true });

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
