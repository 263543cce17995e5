import type { APIRequestContext, Locator, Page } from '@playwright/test';
import ICAL from 'ical.js';
import type { OfferedTimes } from '../../src/shared/bookings/bookings';
import { timeTakenMessage } from '../../src/shared/bookings/bookings';
import { clockInWords, dayInWords, timeInWords } from '../../src/shared/time-words';
import { addDays, londonDate, londonLocalToUtc, utcToLondonLocal } from '../../src/shared/london-time';
import type { CurrentSiteFacts } from '../../src/shared/site-facts/site-facts';
import { startTestSmtpServer, type ReceivedMail, type TestSmtpServer } from '../support/smtp';
import { KEY } from './admin-session';
import { axeViolations, expect, test } from './fixtures';
import { screenshotForPeople } from './screenshots';
import { type RunningServer, startServer } from './server';

/**
 * A parent books the free assessment on /free-assessment (issue 41, decision 0072), with script
 * and without: tomorrow's first free time, the confirmation through a real SMTP server with an
 * invitation at the right UK wall-clock time, the booking in the inbox, the time no longer
 * offered; and a time taken from under a second page. A server of its own, its page cache on as
 * in production, with assessment times every day so that tomorrow has some whatever the weekday.
 */
const OFFICE = 'office@northstar.test';
const admin = { 'x-api-key': KEY };
let server: RunningServer;
let smtp: TestSmtpServer;
test.setTimeout(120_000);

const everyDay = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
/**
 * Five times a day, 16:00 to 20:00 (45 minutes and a 15-minute break), one parent each: three tests
 * take one of tomorrow's and the one without script whose time is taken two (the nearest may be
 * tomorrow's too), and with one worker they all run on this one server.
 */
const settings = {
  lengthMinutes: 45,
  placesPerTime: 1,
  bufferMinutes: 15,
  minimumNotice: 'next-day',
  weeksAhead: 2,
  dailyLimit: null,
  cutoffHours: 12,
  changesPerBooking: 2,
  // Each test books as its own family (issue 51).
  bookingsPerFamily: 1,
  weeklyTimes: [{ days: everyDay, opens: '16:00', closes: '21:00' }],
};

test.beforeAll(async ({ request }) => {
  smtp = await startTestSmtpServer();
  server = await startServer({ ADMIN_API_KEY: KEY, SMTP_URL: smtp.url, NOTIFY_EMAIL: OFFICE });
  const { revision } = (await (
    await request.get(`${server.baseUrl}/api/admin/site`, { headers: admin })
  ).json()) as CurrentSiteFacts;
  const saved = await request.put(`${server.baseUrl}/api/admin/site/assessment`, {
    headers: admin,
    data: { basedOn: revision, value: settings },
  });
  expect(saved.status()).toBe(200);
});
test.afterAll(async () => {
  await server?.stop();
  server?.remove();
  await smtp?.close();
});

const tomorrow = () => addDays(londonDate(new Date()), 1);
const at = (day: string, time: string) => londonLocalToUtc(`${day}T${time}`)!;
const offered = async (request: APIRequestContext) =>
  (await (await request.get(`${server.baseUrl}/api/bookings/times`)).json()) as OfferedTimes;
const booking = (page: Page) => page.getByRole('region', { name: 'Book a time' });

/** No violations at this step. */
async function accessible(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

/** The same with script off, where no axe can run: the step's HTML checked in a page of the site that has script. */
async function accessibleWithoutScript(page: Page) {
  {
    const html = await page.content();
    const context = await page.context().browser()!.newContext({ javaScriptEnabled: true });
    try {
      const checker = await context.newPage();
      await checker.goto(`${server.baseUrl}/privacy`);
      await checker.setContent(html);
      expect(await axeViolations(checker)).toEqual([]);
    } finally {
      await context.close();
    }
  }
}

let families = 100;
/** Each booking another family's: its own phone number too (a family holds one booking at a time, issue 51). */
async function fillDetails(form: Locator, email: string) {
  await form.getByLabel('First name', { exact: true }).fill('Priya');
  await form.getByLabel('Last name', { exact: true }).fill('Khan');
  await form.getByLabel('Telephone', { exact: true }).fill(`01632 960${++families}`);
  await form.getByLabel('Email', { exact: true }).fill(email);
  await form.getByLabel('Subject (for example GCSE Maths or 11+)').fill('GCSE Maths');
}

/** The parent's confirmation, its .ics read by a maintained parser (ical.js) with its London zone. */
async function confirmationTo(email: string) {
  let mail: ReceivedMail | undefined;
  await expect
    .poll(() => (mail = smtp.received.find((received) => received.to.includes(email))), { timeout: 20_000 })
    .toBeTruthy();
  const part = mail!.raw.indexOf('Content-Type: application/ics');
  expect(part).toBeGreaterThan(-1);
  const begin = mail!.raw.indexOf('\r\n\r\n', part) + 4;
  const end = mail!.raw.indexOf('\r\n--', begin);
  const ics = Buffer.from(mail!.raw.slice(begin, end).replace(/\s/g, ''), 'base64').toString('utf8');
  const calendar = new ICAL.Component(ICAL.parse(ics));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
  return { mail: mail!, method: calendar.getFirstPropertyValue('method'), event };
}

/** What the booking left behind: the mail and its invitation, the inbox, and the times offered now. */
async function expectBooked(request: APIRequestContext, email: string, day: string, time: string) {
  const startsAt = at(day, time);
  const { mail, method, event } = await confirmationTo(email);
  expect(mail.text).toContain(`(UK time)`);
  expect(method).toBe('REQUEST');
  // The wall clock in London, and the same instant.
  expect(event.startDate.zone.tzid).toBe('Europe/London');
  expect(event.startDate.toString()).toBe(`${day}T${time}:00`);
  expect(event.startDate.toJSDate().toISOString()).toBe(startsAt);

  // The inbox's own call (one page, as the inbox screen asks): the enquiry with its time.
  const inbox = (await (
    await request.get(`${server.baseUrl}/api/contact-submissions?page=1&pageSize=50`, { headers: admin })
  ).json()) as { items: { email: string; booking?: { startsAt: string; status: string } | null }[] };
  expect(inbox.items.find((enquiry) => enquiry.email === email)?.booking).toMatchObject({ startsAt, status: 'booked' });

  const day_ = (await offered(request)).days.find((offeredDay) => offeredDay.date === day);
  expect(day_?.times.map((offeredTime) => offeredTime.start) ?? []).not.toContain(startsAt);
}

/** The first time still free tomorrow, as the API says. */
async function firstFree(request: APIRequestContext) {
  const day = (await offered(request)).days.find((offeredDay) => offeredDay.date === tomorrow());
  expect(day, 'tomorrow has free times').toBeTruthy();
  return day!.times[0]!.time;
}

test.describe('with JavaScript', () => {
  test('a parent books tomorrow’s first free time in place', async ({ page, request, consoleErrors }) => {
    const day = tomorrow();
    const time = await firstFree(request);
    const email = `js-${Date.now()}@example.com`;
    await page.goto(`${server.baseUrl}/free-assessment`);
    const section = booking(page);
    await expect(section.getByRole('heading', { name: 'Choose a day', level: 3 })).toBeVisible();
    await screenshotForPeople(page, 'booking-page-js-1-days', { of: booking(page) });
    // Reaching for the booking starts its island; it is React's before the parent picks.
    await section.hover();
    await page.waitForFunction(() => {
      const link = document.querySelector('[data-island="BookingPicker"] a');
      return link !== null && Object.keys(link).some((key) => key.startsWith('__react'));
    });

    const timesRead = page.waitForResponse((response) => response.url().endsWith('/api/bookings/times'));
    await section.getByRole('link', { name: dayInWords(day), exact: true }).click();
    await timesRead;
    // In place: the address stays, and focus moves to the times.
    expect(page.url()).toBe(`${server.baseUrl}/free-assessment`);
    const timesHeading = section.getByRole('heading', { name: `Choose a time on ${dayInWords(day)} (UK time)` });
    await expect(timesHeading).toBeFocused();
    await accessible(page);
    await screenshotForPeople(page, 'booking-page-js-2-times', { of: booking(page) });

    await section.getByRole('link', { name: clockInWords(time), exact: true }).click();
    const form = section.getByRole('form', { name: `Your details for ${timeInWords(at(day, time))} (UK time)` });
    await expect(form.getByRole('heading')).toBeFocused();
    // The schema's messages first, as the request form shows them.
    await form.getByRole('button', { name: 'Confirm booking' }).click();
    await expect(form.getByText('First name is required')).toBeVisible();
    await fillDetails(form, email);
    await accessible(page);
    await screenshotForPeople(page, 'booking-page-js-3-details', { of: booking(page) });

    const booked = page.waitForResponse((response) => response.url().endsWith('/api/bookings'));
    await form.getByRole('button', { name: 'Confirm booking' }).click();
    expect((await booked).status()).toBe(201);
    const answer = section.getByRole('status');
    await expect(answer).toContainText(`Your free assessment is booked for ${timeInWords(at(day, time))} (UK time).`);
    await expect(answer).toContainText('A confirmation e-mail is on its way');
    await expect(answer).toBeFocused();
    expect(page.url()).toBe(`${server.baseUrl}/free-assessment`);
    await accessible(page);
    await screenshotForPeople(page, 'booking-page-js-4-booked', { of: booking(page) });

    await expectBooked(request, email, day, time);
    // The page itself no longer offers it either.
    await page.goto(`${server.baseUrl}/free-assessment?day=${day}`);
    await expect(booking(page).getByRole('link', { name: clockInWords(time), exact: true })).toHaveCount(0);
    expect(consoleErrors).toEqual([]);
  });

  test('a time taken from under a second page: the message and the nearest free times', async ({ page, request }) => {
    const day = tomorrow();
    const time = await firstFree(request);
    await page.goto(`${server.baseUrl}/free-assessment?day=${day}&time=${time}#book-a-time`);
    const section = booking(page);
    const form = section.getByRole('form', { name: /^Your details for/ });
    const email = `second-${Date.now()}@example.com`;
    await fillDetails(form, email);
    // Someone else books the same time first.
    const first = await request.post(`${server.baseUrl}/api/bookings`, {
      data: {
        firstName: 'Jo',
        lastName: 'Bell',
        telephone: '01632 960001',
        email: `first-${Date.now()}@example.com`,
        subjectTitle: 'Maths',
        startsAt: at(day, time),
      },
    });
    expect(first.status()).toBe(201);

    const answered = page.waitForResponse((response) => response.url().endsWith('/api/bookings'));
    await form.getByRole('button', { name: 'Confirm booking' }).click();
    expect((await answered).status()).toBe(409);
    const alert = section.getByRole('alert');
    await expect(alert).toContainText(timeTakenMessage);
    await expect(alert).toBeFocused();
    // Each a button of a form posting the details (for a page without script), here handled in place.
    const nearest = alert.getByRole('button');
    await expect(nearest.first()).toBeVisible();
    await expect(alert.getByRole('button', { name: timeInWords(at(day, time)) })).toHaveCount(0);
    await accessible(page);
    await screenshotForPeople(page, 'booking-page-js-5-taken', { of: booking(page) });

    // A nearest time picked: the details form again, the details kept, in place (nothing posted).
    const picked = (await nearest.first().textContent())!;
    const posts: string[] = [];
    page.on('request', (sent) => {
      if (sent.method() === 'POST') posts.push(sent.url());
    });
    await nearest.first().click();
    const again = section.getByRole('form', { name: `Your details for ${picked} (UK time)` });
    await expect(again.getByRole('heading')).toBeFocused();
    await expect(again.getByLabel('First name', { exact: true })).toHaveValue('Priya');
    await expect(again.getByLabel('Email', { exact: true })).toHaveValue(email);
    expect(posts).toEqual([]);
    expect(page.url()).toBe(`${server.baseUrl}/free-assessment?day=${day}&time=${time}#book-a-time`);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a parent books tomorrow’s first free time through links and a posted form', async ({ page, request }) => {
    const day = tomorrow();
    const time = await firstFree(request);
    const email = `nojs-${Date.now()}@example.com`;
    await page.goto(`${server.baseUrl}/free-assessment`);
    const section = booking(page);
    await accessibleWithoutScript(page);
    await screenshotForPeople(page, 'booking-page-nojs-1-days', { of: booking(page) });

    await section.getByRole('link', { name: dayInWords(day), exact: true }).click();
    await expect(page).toHaveURL(`${server.baseUrl}/free-assessment?day=${day}#book-a-time`);
    await expect(section.getByRole('link', { name: dayInWords(day), exact: true })).toHaveAttribute(
      'aria-current',
      'true',
    );
    await accessibleWithoutScript(page);
    await screenshotForPeople(page, 'booking-page-nojs-2-times', { of: booking(page) });

    await section.getByRole('link', { name: clockInWords(time), exact: true }).click();
    await expect(page).toHaveURL(`${server.baseUrl}/free-assessment?day=${day}&time=${time}#book-a-time`);
    const form = section.getByRole('form', { name: `Your details for ${timeInWords(at(day, time))} (UK time)` });
    await expect(form).toHaveAttribute('method', 'post');

    // A missing field: 400, the page again with the message at the field and the values kept.
    await fillDetails(form, email);
    await form.getByLabel('Last name', { exact: true }).fill('');
    await form.getByRole('button', { name: 'Confirm booking' }).click();
    const back = booking(page).getByRole('form', { name: /^Your details for/ });
    await expect(back.getByText('Last name is required')).toBeVisible();
    await expect(back.getByLabel('Email', { exact: true })).toHaveValue(email);
    await expect(back.getByLabel('Last name', { exact: true })).toBeFocused();
    await accessibleWithoutScript(page);
    await screenshotForPeople(page, 'booking-page-nojs-3-details-error', { of: booking(page) });

    await back.getByLabel('Last name', { exact: true }).fill('Khan');
    await back.getByRole('button', { name: 'Confirm booking' }).click();
    await expect(page).toHaveURL(`${server.baseUrl}/free-assessment?booked=${at(day, time)}#book-a-time`);
    // The address names the time and no one.
    expect(decodeURIComponent(page.url())).not.toContain(email);
    const answer = booking(page).getByRole('status');
    await expect(answer).toContainText(`Your free assessment is booked for ${timeInWords(at(day, time))} (UK time).`);
    await expect(answer).toContainText('A confirmation e-mail is on its way');
    await expect(answer).toBeInViewport();
    await accessibleWithoutScript(page);
    await screenshotForPeople(page, 'booking-page-nojs-4-booked', { of: booking(page) });

    await expectBooked(request, email, day, time);
    await page.goto(`${server.baseUrl}/free-assessment?day=${day}`);
    await expect(booking(page).getByRole('link', { name: clockInWords(time), exact: true })).toHaveCount(0);
  });

  test('a time taken meanwhile: 409, then a nearest free time keeps the details typed, and books', async ({
    page,
    request,
  }) => {
    const day = tomorrow();
    const time = await firstFree(request);
    const email = `nojs-second-${Date.now()}@example.com`;
    await page.goto(`${server.baseUrl}/free-assessment?day=${day}&time=${time}`);
    const form = booking(page).getByRole('form', { name: /^Your details for/ });
    await fillDetails(form, email);
    await form.getByLabel('Year group').fill('Year 10');
    await form.getByLabel('Anything we should know?').fill('Mornings & "quiet" rooms, please');
    const typed = {
      'First name': 'Priya',
      'Last name': 'Khan',
      Telephone: await form.getByLabel('Telephone', { exact: true }).inputValue(),
      Email: email,
      'Subject (for example GCSE Maths or 11+)': 'GCSE Maths',
      'Year group (optional)': 'Year 10',
      'Anything we should know? (optional)': 'Mornings & "quiet" rooms, please',
    };
    const first = await request.post(`${server.baseUrl}/api/bookings`, {
      data: {
        firstName: 'Jo',
        lastName: 'Bell',
        telephone: '01632 960002',
        email: `nojs-first-${Date.now()}@example.com`,
        subjectTitle: 'Maths',
        startsAt: at(day, time),
      },
    });
    expect(first.status()).toBe(201);
    const answered = page.waitForResponse((response) => response.request().method() === 'POST');
    await form.getByRole('button', { name: 'Confirm booking' }).click();
    expect((await answered).status()).toBe(409);
    const alert = booking(page).getByRole('alert');
    await expect(alert).toContainText(timeTakenMessage);
    // Buttons of a posted form, never links: an address would lose the details, or carry them.
    await expect(alert.getByRole('link')).toHaveCount(0);
    const nearest = alert.getByRole('button');
    await expect(nearest.first()).toBeVisible();
    await expect(alert.getByRole('button', { name: timeInWords(at(day, time)) })).toHaveCount(0);
    const box = (await nearest.first().boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(24);
    expect(box.height).toBeGreaterThanOrEqual(24);
    await accessibleWithoutScript(page);
    await screenshotForPeople(page, 'booking-page-nojs-5-taken', { of: booking(page) });

    // One of them pressed: that time's details form, every value as typed, nothing booked yet.
    const picked = (await nearest.first().textContent())!;
    const [pickedDay, pickedTime] = utcToLondonLocal((await nearest.first().getAttribute('value'))!).split('T') as [
      string,
      string,
    ];
    const chosen = page.waitForResponse((response) => response.request().method() === 'POST');
    await nearest.first().click();
    expect((await chosen).status()).toBe(200);
    // Nothing personal in the address.
    for (const value of Object.values(typed)) expect(decodeURIComponent(page.url())).not.toContain(value);
    const again = booking(page).getByRole('form', { name: `Your details for ${picked} (UK time)` });
    for (const [label, value] of Object.entries(typed)) {
      await expect(again.getByLabel(label, { exact: true })).toHaveValue(value);
    }
    await expect(again.getByText(/is required/)).toHaveCount(0);
    await accessibleWithoutScript(page);
    await screenshotForPeople(page, 'booking-page-nojs-6-another-time', { of: booking(page) });

    await again.getByRole('button', { name: 'Confirm booking' }).click();
    await expect(page).toHaveURL(`${server.baseUrl}/free-assessment?booked=${at(pickedDay, pickedTime)}#book-a-time`);
    await expect(booking(page).getByRole('status')).toContainText(
      `Your free assessment is booked for ${picked} (UK time).`,
    );
    await expectBooked(request, email, pickedDay, pickedTime);
  });
});
