import type { Page } from '@playwright/test';
import type { OfferedTimes } from '../../src/shared/bookings/bookings';
import { londonDate } from '../../src/shared/london-time';
import { clockInWords, dayInWords } from '../../src/shared/time-words';
import { expect, KEY, signIn } from './admin-session';
import { withDatabase } from './enquiries-db';
import { axeViolations, test } from './fixtures';
import { startTestSmtpServer, waitFor } from '../support/smtp';
import { screenshotForPeople } from './screenshots';
import { type RunningServer, startServer } from './server';

let server: RunningServer;

/** The rows of the days shown (not the toasts, which are list items too). */
const rows = (page: Page) => page.getByRole('list', { name: /^Assessments on / }).getByRole('listitem');

let families = 0;
/** Books a time through the public API, as the parent's page does: each another family (its own phone too, issue 51). */
async function book(page: Page, firstName: string, email: string, startsAt: string) {
  const telephone = `01632 96${String(++families).padStart(4, '0')}`;
  const answer = await page.request.post(`${server.baseUrl}/api/bookings`, {
    data: { firstName, lastName: 'Khan', telephone, email, subjectTitle: 'GCSE Maths', startsAt },
  });
  expect(answer.status()).toBe(201);
}

/**
 * Issue 41 part 5: staff sign in, see the day's bookings on "Upcoming assessments", move one,
 * cancel another after the screen asks, and block a time, which parents are then not offered.
 * Issue 50: a booking whose time has passed is marked Attended, with who marked it.
 */
test('staff see, move, cancel and block assessments, and mark one Attended', async ({ page, consoleErrors }) => {
  test.setTimeout(150_000);
  const smtp = await startTestSmtpServer();
  server = await startServer({ ADMIN_API_KEY: KEY, SMTP_URL: smtp.url, NOTIFY_EMAIL: 'office@northstar.test' });
  try {
    const offered = async () =>
      (await (await page.request.get(`${server.baseUrl}/api/bookings/times`)).json()) as OfferedTimes;
    const first = (await offered()).days[0]!;
    const [early, second, third] = first.times;
    await book(page, 'Priya', 'priya@example.com', early!.start);
    await book(page, 'Sam', 'sam@example.com', second!.start);

    const staff = await signIn(page, server.baseUrl, KEY, ['enquiries']);
    await page.getByRole('link', { name: 'Upcoming assessments' }).click();
    await expect(page.getByRole('heading', { name: 'Upcoming assessments', level: 1 })).toBeVisible();
    // Day by day to the first day with times.
    const dayHeading = page.locator('h2[data-from]');
    for (let step = 0; step < 30 && (await dayHeading.getAttribute('data-from')) !== first.date; step += 1) {
      const before = (await dayHeading.getAttribute('data-from'))!;
      await page.getByRole('button', { name: 'Next day' }).click();
      await expect(dayHeading).not.toHaveAttribute('data-from', before);
    }
    await expect(dayHeading).toHaveText(dayInWords(first.date));
    const priya = rows(page).filter({ hasText: 'Priya Khan' });
    await expect(priya).toContainText(clockInWords(early!.time));
    await expect(priya).toContainText('Booked');
    await expect(priya.getByRole('link', { name: /in the inbox/ })).toHaveAttribute('href', /^\/admin#enquiry-\d+$/);

    await screenshotForPeople(page, 'admin-bookings-day', { fullPage: true });

    // Move Priya to the third time of the day.
    await priya.getByRole('button', { name: /^Move/ }).click();
    const move = page.getByRole('dialog', { name: 'Move Priya Khan’s assessment' });
    await move.getByLabel('New time (UK time)').selectOption(third!.start);
    await screenshotForPeople(page, 'admin-bookings-move');
    await move.getByRole('button', { name: 'Move', exact: true }).click();
    await expect(move).toBeHidden();
    await expect(rows(page).filter({ hasText: 'Priya Khan' })).toContainText(clockInWords(third!.time));

    // Cancel Sam, after the confirmation.
    const sam = rows(page).filter({ hasText: 'Sam Khan' });
    await sam.getByRole('button', { name: /^Cancel/ }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Cancel this assessment?' });
    await expect(confirm).toContainText('Sam Khan');
    await confirm.getByRole('button', { name: 'Cancel the assessment' }).click();
    await expect(confirm).toBeHidden();
    await expect(sam).toContainText('Cancelled');
    await expect(sam.getByRole('button', { name: /^Move/ })).toHaveCount(0);

    // Block the first time (free again since Priya moved): parents are no longer offered it.
    await page.getByLabel(`Block a time on ${dayInWords(first.date)}`).selectOption(early!.start);
    await page.getByRole('button', { name: 'Block', exact: true }).click();
    const blocked = rows(page).filter({ hasText: 'Blocked' });
    await expect(blocked).toContainText(clockInWords(early!.time));
    const after = (await offered()).days.flatMap((day) => day.times.map((time) => time.start));
    expect(after).not.toContain(early!.start);
    expect(after).not.toContain(third!.start);
    // Sam's cancelled time is offered again.
    expect(after).toContain(second!.start);

    await page.getByRole('button', { name: 'Week' }).click();
    await expect(page.getByRole('heading', { level: 3, name: new RegExp(dayInWords(first.date)) })).toBeVisible();
    await screenshotForPeople(page, 'admin-bookings-week', { fullPage: true });

    // Issue 50: Ada books, and her time is then two hours ago (written in the data folder: the
    // built server reads the real clock). Staff mark her Attended; the mark says who made it.
    const adaTime = (await offered()).days[0]!.times[0]!;
    await book(page, 'Ada', 'ada@example.com', adaTime.start);
    const past = new Date(Date.now() - 2 * 60 * 60_000);
    const pastDate = londonDate(past);
    withDatabase(server.dataDir, (db) => {
      const changed = db
        .prepare(
          `update bookings set starts_at = ?, ends_at = ?, london_date = ?
           where enquiry_id = (select id from contact_submissions where email = 'ada@example.com')`,
        )
        .run(past.toISOString(), new Date(past.getTime() + 45 * 60_000).toISOString(), pastDate);
      expect(changed.changes).toBe(1);
    });
    await page.getByRole('button', { name: 'Day', exact: true }).click();
    await page.getByRole('button', { name: 'Today', exact: true }).click();
    for (let step = 0; step < 3 && (await dayHeading.getAttribute('data-from')) !== pastDate; step += 1) {
      const before = (await dayHeading.getAttribute('data-from'))!;
      await page.getByRole('button', { name: 'Previous day' }).click();
      await expect(dayHeading).not.toHaveAttribute('data-from', before);
    }
    await expect(dayHeading).toHaveAttribute('data-from', pastDate);
    const ada = rows(page).filter({ hasText: 'Ada Khan' });
    await expect(ada.getByRole('button', { name: /^Move/ })).toHaveCount(0);
    await expect(ada.getByRole('button', { name: 'No-show Ada Khan’s assessment' })).toBeVisible();
    await ada.getByRole('button', { name: 'Attended Ada Khan’s assessment' }).click();
    await expect(ada.getByTestId('attendance')).toHaveText(new RegExp(`^Attended · marked by ${staff.name}, `));
    await expect(ada.getByRole('button', { name: 'Attended Ada Khan’s assessment' })).toHaveCount(0);
    // Change it: the choice again, the mark standing pressed and focused.
    await ada.getByRole('button', { name: 'Change the mark of Ada Khan’s assessment' }).click();
    const attended = ada.getByRole('button', { name: 'Attended Ada Khan’s assessment' });
    await expect(attended).toHaveAttribute('aria-pressed', 'true');
    await expect(attended).toBeFocused();
    await ada.getByRole('button', { name: 'No-show Ada Khan’s assessment' }).click();
    await expect(ada.getByTestId('attendance')).toHaveText(new RegExp(`^No-show · marked by ${staff.name}, `));
    // WCAG 2.2 AA with the marks and their buttons on screen, on a phone and a desktop (issue 51).
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1280, height: 900 },
    ]) {
      await page.setViewportSize(viewport);
      expect(await axeViolations(page)).toEqual([]);
    }
    // Issue 51: the family that missed it is offered another time, once; the mail reaches them.
    await ada.getByRole('button', { name: 'Offer another time to Ada Khan by e-mail' }).click();
    await expect(ada.getByTestId('another-time')).toHaveText(new RegExp(`^Another time offered by ${staff.name}, `));
    await waitFor(() => smtp.received.some((mail) => mail.text.includes('Subject: Shall we find another time?')));
    const offer = smtp.received.find((mail) => mail.text.includes('Subject: Shall we find another time?'))!;
    expect(offer.to).toContain('ada@example.com');
    expect(offer.text).toContain('/free-assessment');
    await screenshotForPeople(page, 'upcoming-assessments-no-show', { of: rows(page).filter({ hasText: 'Ada Khan' }) });
    expect(consoleErrors).toEqual([]);
  } finally {
    await server.stop();
    server.remove();
    await smtp.close();
  }
});
