import type { APIRequestContext, Page } from '@playwright/test';
import { londonDate } from '../../src/shared/london-time';
import { defaultSiteFacts } from '../../src/shared/site-facts/defaults';
import { type CurrentSiteFacts, describeClosure, type SiteFactsRevision } from '../../src/shared/site-facts/site-facts';
import { expect, KEY, signIn } from './admin-session';
import { test } from './fixtures';
import { screenshotForPeople } from './screenshots';
import { type RunningServer, startServer } from './server';

// A server of its own: the walk changes the prices and the phone number every page shows. Its
// page cache is on, as in production: each save must retire the pages it already holds.
let server: RunningServer;
const admin = { 'x-api-key': KEY };
test.setTimeout(120_000);

test.beforeAll(async () => {
  server = await startServer({ ADMIN_API_KEY: KEY });
});
test.afterAll(async () => {
  await server.stop();
  server.remove();
});

const current = async (request: APIRequestContext) =>
  (await (await request.get(`${server.baseUrl}/api/admin/site`, { headers: admin })).json()) as CurrentSiteFacts;
const revisions = async (request: APIRequestContext) =>
  (await (
    await request.get(`${server.baseUrl}/api/admin/site/revisions`, { headers: admin })
  ).json()) as SiteFactsRevision[];

const part = (page: Page, name: string) => page.getByRole('region', { name });
const row = (page: Page, section: string, legend: string) =>
  part(page, section).getByRole('group', { name: legend, exact: true });

async function openSiteScreen(page: Page) {
  await signIn(page, server.baseUrl, KEY);
  await page.getByRole('link', { name: 'Site details' }).click();
  await expect(page.getByRole('heading', { name: 'Site details', level: 1 })).toBeVisible();
}

/** A public page as a visitor's browser receives it, and the structured data in it, as text. */
async function publicPage(request: APIRequestContext, path: string) {
  const answer = await request.get(`${server.baseUrl}${path}`);
  const html = await answer.text();
  const jsonLd = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)]
    .map((match) => JSON.stringify(JSON.parse(match[1]!)))
    .join('\n');
  return { status: answer.status(), html, jsonLd };
}

/**
 * A soft check that a public page does (or does not) hold `text`: soft, so one missing fact does
 * not hide the others or stop the walk; the page itself stays out of the failure's message.
 */
function expectShown(where: string, holder: string, text: string, shown = true) {
  expect
    .soft(holder.includes(text), `${where} ${shown ? 'shows' : 'does not show'} ${JSON.stringify(text)}`)
    .toBe(shown);
}

/** A soft check that `first` comes before `second` in a page. */
function expectOrder(where: string, holder: string, first: string, second: string) {
  const [a, b] = [holder.indexOf(first), holder.indexOf(second)];
  expect
    .soft(a >= 0 && b >= 0 && a < b, `${where} has ${JSON.stringify(first)} before ${JSON.stringify(second)}`)
    .toBe(true);
}

const publicPaths = ['/', '/contact', '/primary-tuition', '/no-such-page'];
const [firstQuestion, secondQuestion] = defaultSiteFacts.faq;
const hiddenTestimonial = defaultSiteFacts.testimonials[1]!;
const newTestimonial = {
  text: 'Patient teachers and clear homework every single week.',
  author: 'Asha, parent in Marton',
};

test('staff change the details, hours, testimonials and FAQ; every public page follows, and a restore brings the old ones back', async ({
  page,
  request,
}) => {
  // The version the walk starts from, to restore at the end (a fresh install has none).
  const baseline = await request.put(`${server.baseUrl}/api/admin/site/details`, {
    headers: admin,
    data: { basedOn: null, value: defaultSiteFacts.details },
  });
  expect(baseline.status()).toBe(200);
  const baselineRevision = ((await baseline.json()) as CurrentSiteFacts).revision!;
  const tomorrow = londonDate(new Date(Date.now() + 24 * 60 * 60 * 1000));
  // Every page read once, so the cache holds the old facts the saves below must retire.
  for (const path of publicPaths) expectShown(path, (await publicPage(request, path)).html, '01632 960123');

  await openSiteScreen(page);

  const details = part(page, 'Details & prices');
  await details.getByLabel('Classroom, primary').fill('16.50');
  await details.getByLabel('Phone').fill('01632 960777');
  // The preview shows the unsaved values on the page, rendered by the server; nothing is saved.
  await details.getByRole('button', { name: 'Preview contact page with these details & prices' }).click();
  const preview = page.getByRole('dialog', { name: 'Preview' });
  const previewed = preview.frameLocator('iframe[title="Preview of the contact page"]');
  await expect(previewed.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(previewed.getByRole('link', { name: '01632 960777' }).first()).toBeVisible();
  await preview.getByRole('button', { name: 'Close' }).first().click();
  await expect(preview).toBeHidden();
  expectShown('/contact after a preview', (await publicPage(request, '/contact')).html, '01632 960777', false);
  await details.getByRole('button', { name: 'Save Details & prices' }).click();
  await expect.poll(async () => (await current(request)).facts.details.phone).toBe('01632 960777');
  expect((await current(request)).facts.details.pricing.classroom.primary).toBe(16.5);

  const hours = part(page, 'Opening hours');
  await hours.getByRole('button', { name: 'Add a closure' }).click();
  const closure = row(page, 'Opening hours', 'Closure 1');
  await closure.getByLabel('First day').fill(tomorrow);
  await closure.getByLabel('Last day').fill(tomorrow);
  await closure.getByLabel('Note').fill('Staff training');
  await expect(closure.getByLabel('Closed all day')).toBeChecked();
  await hours.getByRole('button', { name: 'Save Opening hours' }).click();
  await expect
    .poll(async () => (await current(request)).facts.hours.closures)
    .toMatchObject([{ from: tomorrow, to: tomorrow, opens: null, closes: null, note: 'Staff training' }]);

  const testimonials = part(page, 'Testimonials');
  await testimonials.getByRole('button', { name: 'Add a testimonial' }).click();
  const added = row(page, 'Testimonials', `Testimonial ${defaultSiteFacts.testimonials.length + 1}`);
  await added.getByLabel('Testimonial', { exact: true }).fill(newTestimonial.text);
  await added.getByLabel('Author').fill(newTestimonial.author);
  await added.getByLabel('Rating').selectOption('4');
  await row(page, 'Testimonials', 'Testimonial 2').getByLabel('Shown on the site').uncheck();
  await testimonials.getByRole('button', { name: 'Save Testimonials' }).click();
  await expect.poll(async () => (await current(request)).facts.testimonials.length).toBe(7);
  const savedTestimonials = (await current(request)).facts.testimonials;
  expect(savedTestimonials[6]).toMatchObject({ ...newTestimonial, rating: 4, shown: true });
  expect(savedTestimonials[1]).toMatchObject({ id: hiddenTestimonial.id, shown: false });

  const faq = part(page, 'FAQ');
  await faq.getByRole('button', { name: 'Move Question 2 up' }).click();
  await faq.getByRole('button', { name: 'Save FAQ' }).click();
  await expect
    .poll(async () => (await current(request)).facts.faq.map((item) => item.id).slice(0, 2))
    .toEqual([secondQuestion!.id, firstQuestion!.id]);

  // Each save is a version: when, who, which part; below them the built-in facts the baseline replaced.
  const versions = part(page, 'Versions');
  await expect(versions.getByRole('listitem')).toHaveCount(6);
  await expect(versions.getByRole('listitem').last()).toContainText('The details the site was built with');
  await expect(versions.getByRole('listitem').first()).toContainText('FAQ, by Staff member');

  await screenshotForPeople(page, 'admin-site', { fullPage: true });

  // The public pages and their structured data: soft checks, so one miss does not hide the others.
  const closureText = describeClosure(
    { id: 'x', from: tomorrow, to: tomorrow, opens: null, closes: null, note: 'Staff training' },
    londonDate(new Date()),
  );
  for (const path of publicPaths) {
    const shown = await publicPage(request, path);
    expectShown(path, shown.html, '01632 960777');
    expectShown(path, shown.html, '01632 960123', false);
    // The not-found page declares no business (noindex).
    if (path !== '/no-such-page') expectShown(`${path}'s structured data`, shown.jsonLd, '01632 960777');
  }
  const home = await publicPage(request, '/');
  expectShown('/', home.html, '£16.50');
  expectShown('/', home.html, newTestimonial.text);
  expectShown('/', home.html, hiddenTestimonial.text, false);
  expectShown("/'s structured data", home.jsonLd, hiddenTestimonial.text, false);
  expectOrder('/', home.html, secondQuestion!.question, firstQuestion!.question);
  expectOrder("/'s structured data", home.jsonLd, secondQuestion!.question, firstQuestion!.question);
  const tuition = await publicPage(request, '/primary-tuition');
  expectShown('/primary-tuition', tuition.html, '£16.50');
  expectShown("/primary-tuition's structured data", tuition.jsonLd, '16.5');
  const contact = await publicPage(request, '/contact');
  expectShown('/contact', contact.html, closureText);
  expectShown("/contact's structured data", contact.jsonLd, `"validFrom":"${tomorrow}"`);
  expect((await publicPage(request, '/no-such-page')).status).toBe(404);

  // An owner brings the first version back: every part, on the screen and on every page.
  await page.setViewportSize({ width: 1280, height: 900 });
  await versions.getByRole('button', { name: `Restore version ${baselineRevision}` }).click();
  const confirm = page.getByRole('alertdialog', { name: `Restore version ${baselineRevision}?` });
  await confirm.getByRole('button', { name: 'Restore', exact: true }).click();
  await expect(confirm).toBeHidden();
  await expect(details.getByLabel('Phone')).toHaveValue(defaultSiteFacts.details.phone);
  await expect(details.getByLabel('Classroom, primary')).toHaveValue('13');
  await expect(row(page, 'Opening hours', 'Closure 1')).toHaveCount(0);
  await expect(row(page, 'Testimonials', 'Testimonial 2').getByLabel('Shown on the site')).toBeChecked();
  await expect(versions.getByRole('listitem').first()).toContainText(`Restored version ${baselineRevision}`);
  const restored = await current(request);
  expect(restored.facts.details).toEqual(defaultSiteFacts.details);
  expect(restored.facts.faq.map((item) => item.id)).toEqual(defaultSiteFacts.faq.map((item) => item.id));

  for (const path of publicPaths) {
    const shown = await publicPage(request, path);
    expectShown(path, shown.html, '01632 960123');
    expectShown(path, shown.html, '01632 960777', false);
  }
  const homeAgain = await publicPage(request, '/');
  expectShown('/', homeAgain.html, '£16.50', false);
  expectShown('/', homeAgain.html, hiddenTestimonial.text);
  expectShown('/', homeAgain.html, newTestimonial.text, false);
  expectOrder('/', homeAgain.html, firstQuestion!.question, secondQuestion!.question);
  const contactAgain = await publicPage(request, '/contact');
  expectShown('/contact', contactAgain.html, 'Staff training', false);
  expectShown("/contact's structured data", contactAgain.jsonLd, `"validFrom":"${tomorrow}"`, false);
});

test('a bad phone, a bad price and a closure ending before it starts each show their message, and nothing is saved', async ({
  page,
  request,
}) => {
  await openSiteScreen(page);
  const saves = (await revisions(request)).length;

  const details = part(page, 'Details & prices');
  await details.getByLabel('Phone').fill('12345');
  await details.getByLabel('Classroom, primary').fill('thirteen');
  await details.getByRole('button', { name: 'Save Details & prices' }).click();
  await expect(details.getByText('Phone must be a UK telephone number, like 01632 960123')).toBeVisible();
  await expect(
    details.getByText('Classroom primary price must be an amount in pounds, like 13 or 13.50'),
  ).toBeVisible();
  await expect(details.getByLabel('Phone')).toBeFocused();

  const hours = part(page, 'Opening hours');
  await hours.getByRole('button', { name: 'Add a closure' }).click();
  const closure = row(page, 'Opening hours', 'Closure 1');
  await closure.getByLabel('First day').fill('2030-12-22');
  await closure.getByLabel('Last day').fill('2030-12-21');
  await hours.getByRole('button', { name: 'Save Opening hours' }).click();
  await expect(closure.getByText('Last day must not be before the first day')).toBeVisible();
  await expect(closure.getByLabel('Last day')).toHaveAttribute('aria-invalid', 'true');

  expect((await revisions(request)).length).toBe(saves);
  expect((await current(request)).facts.details.phone).toBe(defaultSiteFacts.details.phone);
  expect((await current(request)).facts.hours.closures).toEqual([]);
});

test('staff set the free assessment bookings: a bad number shows its message, the saved settings are kept after a reload', async ({
  page,
  request,
}) => {
  await openSiteScreen(page);
  await page
    .getByRole('navigation', { name: 'Parts of this screen' })
    .getByRole('link', { name: 'Free assessment bookings' })
    .click();
  const bookings = part(page, 'Free assessment bookings');
  await expect(bookings).toBeInViewport();
  // Nothing saved yet: the suggested settings, the weekly times the opening hours parents are shown.
  await expect(bookings.getByLabel('Length of an assessment')).toHaveValue('45');
  await expect(bookings.getByLabel('From the next day')).toBeChecked();
  await expect(bookings.getByLabel('Daily limit')).toHaveValue('');
  // The limits on the parent's links and on one family (issue 51).
  await expect(bookings.getByLabel('Cut-off before the time, in hours')).toHaveValue('12');
  await expect(bookings.getByLabel('Changes allowed per booking')).toHaveValue('2');
  await expect(bookings.getByLabel('Bookings at once per family')).toHaveValue('1');
  const firstTimes = row(page, 'Free assessment bookings', 'Assessment times 1');
  await expect(firstTimes.getByLabel('Opens')).toHaveValue(defaultSiteFacts.hours.shown[0]!.opens);

  await screenshotForPeople(page, 'admin-site-assessment', { of: bookings });

  const saves = (await revisions(request)).length;
  await bookings.getByLabel('Places at each time').fill('twenty');
  await bookings.getByRole('button', { name: 'Save Free assessment bookings' }).click();
  await expect(bookings.getByText('Places at each time must be a whole number of children from 1 to 20')).toBeVisible();
  await expect(bookings.getByLabel('Places at each time')).toBeFocused();
  expect((await revisions(request)).length).toBe(saves);
  await bookings.getByLabel('Places at each time').fill('1');
  for (const [label, typed, message] of [
    [
      'Cut-off before the time, in hours',
      '-1',
      'Cut-off before the time must be a whole number of hours from 0 to 168',
    ],
    [
      'Cut-off before the time, in hours',
      '10000',
      'Cut-off before the time must be a whole number of hours from 0 to 168',
    ],
    [
      'Changes allowed per booking',
      '1000',
      'Changes allowed per booking must be a whole number of changes from 0 to 20',
    ],
    ['Bookings at once per family', '0', 'Bookings at once per family must be a whole number of bookings from 1 to 10'],
  ] as const) {
    await bookings.getByLabel(label).fill(typed);
    await bookings.getByRole('button', { name: 'Save Free assessment bookings' }).click();
    await expect(bookings.getByText(message)).toBeVisible();
    await expect(bookings.getByLabel(label)).toBeFocused();
    if (typed === '-1') await screenshotForPeople(page, 'admin-site-assessment-cut-off-refused', { of: bookings });
    await bookings
      .getByLabel(label)
      .fill(label === 'Bookings at once per family' ? '2' : label.startsWith('Cut') ? '24' : '1');
  }
  expect((await revisions(request)).length).toBe(saves);

  await bookings.getByLabel('Length of an assessment').fill('60');
  await bookings.getByLabel('Places at each time').fill('2');
  await bookings.getByLabel('Break between assessments').fill('0');
  await bookings.getByLabel('How far ahead parents can book').fill('6');
  await bookings.getByLabel('Daily limit').fill('5');
  await bookings.getByLabel('At least a number of hours ahead').check();
  await bookings.getByLabel('Hours ahead', { exact: true }).fill('12');
  await firstTimes.getByLabel('Saturday').check();
  await firstTimes.getByLabel('Opens').fill('16:00');
  await firstTimes.getByLabel('Closes').fill('19:00');
  await bookings.getByRole('button', { name: 'Delete Assessment times 2' }).click();
  await bookings.getByRole('button', { name: 'Save Free assessment bookings' }).click();
  const weekdays = defaultSiteFacts.hours.declared[0]!.days;
  const settings = {
    lengthMinutes: 60,
    placesPerTime: 2,
    bufferMinutes: 0,
    minimumNotice: { hours: 12 },
    weeksAhead: 6,
    dailyLimit: 5,
    cutoffHours: 24,
    changesPerBooking: 1,
    bookingsPerFamily: 2,
    weeklyTimes: [{ days: [...weekdays, 'Saturday'], opens: '16:00', closes: '19:00' }],
  };
  await expect.poll(async () => (await current(request)).facts.assessment).toEqual(settings);
  // The opening hours are their own: editing the assessment's times left them alone.
  expect((await current(request)).facts.hours.declared).toEqual(defaultSiteFacts.hours.declared);

  await page.reload();
  const reloaded = part(page, 'Free assessment bookings');
  await expect(reloaded.getByLabel('Length of an assessment')).toHaveValue('60');
  await expect(reloaded.getByLabel('Places at each time')).toHaveValue('2');
  await expect(reloaded.getByLabel('Break between assessments')).toHaveValue('0');
  await expect(reloaded.getByLabel('How far ahead parents can book')).toHaveValue('6');
  await expect(reloaded.getByLabel('Daily limit')).toHaveValue('5');
  await expect(reloaded.getByLabel('At least a number of hours ahead')).toBeChecked();
  await expect(reloaded.getByLabel('Hours ahead', { exact: true })).toHaveValue('12');
  await expect(reloaded.getByLabel('Cut-off before the time, in hours')).toHaveValue('24');
  await expect(reloaded.getByLabel('Changes allowed per booking')).toHaveValue('1');
  await expect(reloaded.getByLabel('Bookings at once per family')).toHaveValue('2');
  const keptTimes = row(page, 'Free assessment bookings', 'Assessment times 1');
  await expect(keptTimes.getByLabel('Saturday')).toBeChecked();
  await expect(keptTimes.getByLabel('Opens')).toHaveValue('16:00');
  await expect(row(page, 'Free assessment bookings', 'Assessment times 2')).toHaveCount(0);
  await expect(part(page, 'Versions').getByRole('listitem').first()).toContainText('Free assessment bookings, by');
});

test('owners set the reply target and the reasons for Not going ahead (issue 50): a target of 0 hours is refused', async ({
  page,
  request,
}) => {
  await openSiteScreen(page);
  const replies = part(page, 'Replies to families');
  await replies.scrollIntoViewIfNeeded();
  await expect(replies.getByLabel('Reply target, in opening hours')).toHaveValue('1');
  await expect(row(page, 'Replies to families', 'Reason 6').getByLabel('Reason', { exact: true })).toHaveValue('Other');
  await screenshotForPeople(page, 'admin-site-replies', { of: replies });

  await replies.getByLabel('Reply target, in opening hours').fill('0');
  await replies.getByRole('button', { name: 'Save Replies to families' }).click();
  await expect(
    replies.getByText('The reply target must be from a quarter of an hour to 100 opening hours'),
  ).toBeVisible();
  expect((await current(request)).facts.replies).toBeNull();

  await replies.getByLabel('Reply target, in opening hours').fill('1.5');
  await replies.getByRole('button', { name: 'Delete Reason 6' }).click();
  await replies.getByRole('button', { name: 'Add a reason' }).click();
  await row(page, 'Replies to families', 'Reason 6').getByLabel('Reason', { exact: true }).fill('Moved away');
  await replies.getByRole('button', { name: 'Save Replies to families' }).click();
  await expect
    .poll(async () => (await current(request)).facts.replies)
    .toEqual({
      targetMinutes: 90,
      reasons: ['Price', 'Timing', 'Distance', 'Went elsewhere', 'No reply', 'Moved away'],
    });
});
