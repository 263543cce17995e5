import { contact } from '../support/enquiries-payloads';
import { card, expect, signIn } from './admin-session';
import { test } from './fixtures';
import { type RunningServer, startServer } from './server';

const KEY = 'access-log-e2e-key-0123456789abcdefghij';
let server: RunningServer;

/**
 * The access log answers "who has seen this family's details?" (issue 36; decision 0058, "Budgets
 * and the access log"): an enquiry's card shown in the inbox is found under that enquiry's number.
 * Its server is its own, on SQLite, or on PostgreSQL when DATABASE_URL says so.
 */
test.describe('the access log records who was shown an enquiry', () => {
  test.beforeAll(async () => {
    server = await startServer({ ADMIN_API_KEY: KEY });
  });
  test.afterAll(async () => {
    await server.stop();
    server.remove();
  });

  test('an enquiry’s card shown to an Enquiries person appears under its number in the owner’s log', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    // A family writes in through the public form.
    const lastName = `Quillfeather${Date.now()}`;
    const context = await browser.newContext({ baseURL: server.baseUrl });
    const sent = await context.request.post('/api/contact-submissions', { data: { ...contact, lastName } });
    expect(sent.status(), await sent.text()).toBe(201);
    const enquiry = (await sent.json()) as { id: number };

    // The Enquiries person opens the inbox and reads the card, and does nothing else.
    const reader = await context.newPage();
    const person = await signIn(reader, server.baseUrl, KEY, ['enquiries']);
    await expect(card(reader, `${contact.firstName} ${lastName}`)).toBeVisible();
    await expect(card(reader, `${contact.firstName} ${lastName}`)).toContainText(contact.message);

    // The owner filters the log by that enquiry's number and finds the read.
    const ownerContext = await browser.newContext({ baseURL: server.baseUrl });
    const owner = await ownerContext.newPage();
    await signIn(owner, server.baseUrl, KEY, ['owner']);
    await owner.goto(`${server.baseUrl}/admin/staff`);
    await owner.getByLabel('Enquiry number').fill(String(enquiry.id));
    const rows = owner.getByRole('table').getByRole('row').filter({ hasText: person.name });
    await expect(rows.filter({ hasText: 'Viewed the enquiry list' }).first()).toBeVisible();
    await expect(rows.first()).toContainText(/enquir(y|ies) shown/);
    // Another enquiry's number does not find it.
    await owner.getByLabel('Enquiry number').fill(String(enquiry.id + 1000));
    await expect(owner.getByRole('table').getByRole('row').filter({ hasText: person.name })).toHaveCount(0);
    await context.close();
    await ownerContext.close();
  });
});
