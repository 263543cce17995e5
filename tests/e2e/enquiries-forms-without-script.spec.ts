import crypto from 'node:crypto';
import path from 'node:path';
import type { Page } from '@playwright/test';
import SQLite from '../../src/server/db/sqlite-driver.mjs';
import { startTestSmtpServer, type TestSmtpServer } from '../support/smtp';
import { expect, test } from './fixtures';
import { e2eDatabases, onPostgres } from './databases';
import type { RunningServer } from './server';

/**
 * The public forms with script off (docs/decisions/0062-forms-without-script.md): the browser
 * posts each to its own page, on SQLite and on PostgreSQL. Each run has its own server (the
 * request log on, to read it), its own SMTP server and its own database.
 */
interface Site {
  server: RunningServer;
  /** The stored enquiry for this e-mail address, column by column, or undefined. */
  stored(email: string): Promise<Record<string, unknown> | undefined>;
  close(): Promise<void>;
}

/** Each database's site, with a way to read the enquiry stored for an address. */
const databases = e2eDatabases.map((database) => ({
  name: database.name,
  async open(env: Record<string, string>): Promise<Site> {
    const site = await database.start(env);
    const { databaseUrl } = site;
    return {
      server: site.server,
      close: site.close,
      stored: (email) =>
        databaseUrl
          ? onPostgres(databaseUrl, async (client) => {
              const result = await client.query('select * from contact_submissions where email = $1', [email]);
              return result.rows[0] as Record<string, unknown> | undefined;
            })
          : Promise.resolve(storedInSqlite(site.server.dataDir, email)),
    };
  },
}));

function storedInSqlite(dataDir: string, email: string) {
  const db = new SQLite(path.join(dataDir, 'site.db'), { readonly: true });
  try {
    return db.prepare('select * from contact_submissions where email = ?').get(email) as
      Record<string, unknown> | undefined;
  } finally {
    db.close();
  }
}

const unique = () => crypto.randomBytes(4).toString('hex');

/** The three forms, each as a parent fills it in: labels and values, and what the thank-you says. */
const forms = (run: string) => [
  {
    page: '/contact',
    name: 'Send us a message',
    submit: 'Send Message',
    fields: {
      'First name': `Tomnoscript${run}`,
      'Last name': `Reednoscript${run}`,
      Email: `contact-${run}@example.com`,
      Mobile: '07700 900456',
      Message: `Maths help for Year 10, please ${run}`,
    },
    thanks: ['Message sent successfully!', "Thank you for getting in touch. We'll get back to you as soon as we can."],
    row: { submission_type: 'contact', mobile: '07700 900456' },
  },
  {
    page: '/free-assessment',
    name: 'Free assessment request',
    submit: 'Get Your Free Assessment',
    fields: {
      'First name': `Amiranoscript${run}`,
      'Last name': `Khannoscript${run}`,
      Telephone: '01632 960999',
      Email: `assessment-${run}@example.com`,
      'Subject (for example GCSE Maths or 11+)': 'GCSE Maths',
      'Year group (optional)': 'Year 10',
      'Anything we should know? (optional)': `Algebra is the sticking point ${run}`,
    },
    thanks: ['Success!', "Your assessment request has been submitted. We'll be in touch soon!"],
    row: { submission_type: 'assessment', email_title: 'GCSE Maths', year_group: 'Year 10' },
  },
  {
    page: '/',
    name: 'Request a call back',
    submit: 'Request A Call Back',
    fields: {
      'First name': `Jonoscript${run}`,
      'Last name': `Bellnoscript${run}`,
      Telephone: '01632 960000',
      Email: `callback-${run}@example.com`,
    },
    thanks: ['Success!', "Your assessment request has been submitted. We'll be in touch soon!"],
    row: { submission_type: 'assessment', email_title: 'Call-back request' },
  },
];

const fieldOf = (page: Page, formName: string, label: string) =>
  page.getByRole('form', { name: formName }).getByLabel(label, { exact: true });

/** The field's error text, found through its aria-describedby link. */
async function describedError(page: Page, formName: string, label: string) {
  const id = await fieldOf(page, formName, label).getAttribute('aria-describedby');
  return id ? page.locator(`[id="${id}"]`).textContent() : null;
}

for (const database of databases) {
  test.describe(`the public forms without script, on ${database.name}`, () => {
    test.use({ javaScriptEnabled: false });
    let site: Site;
    let smtp: TestSmtpServer;
    test.beforeAll(async () => {
      test.setTimeout(90_000);
      smtp = await startTestSmtpServer();
      // The request log on (info), to prove nothing the parents typed reaches it.
      site = await database.open({ SMTP_URL: smtp.url, NOTIFY_EMAIL: 'office@northstar.test', LOG_LEVEL: 'info' });
    });
    test.afterAll(async () => {
      await site?.close();
      await smtp?.close();
    });

    test('each form sends; the enquiry is stored and mailed, the thank-you shows, the address names no one', async ({
      page,
    }) => {
      test.setTimeout(90_000);
      const run = unique();
      for (const form of forms(run)) {
        await page.goto(`${site.server.baseUrl}${form.page}`);
        const element = page.getByRole('form', { name: form.name });
        await expect(element).toHaveAttribute('method', 'post');
        for (const [label, value] of Object.entries(form.fields)) await fieldOf(page, form.name, label).fill(value);
        await element.getByRole('button', { name: form.submit }).click();

        const anchor = { '/contact': 'contact-form', '/free-assessment': 'assessment-form', '/': 'callback-form' };
        await expect(page).toHaveURL(
          `${site.server.baseUrl}${form.page}?sent=1#${anchor[form.page as keyof typeof anchor]}`,
        );
        for (const value of Object.values(form.fields)) {
          expect(decodeURIComponent(page.url())).not.toContain(value);
        }
        const thanks = page.getByRole('form', { name: form.name }).getByRole('status');
        for (const line of form.thanks) await expect(thanks).toContainText(line);
        await expect(thanks).toBeInViewport();
        // The form is empty again, ready for another.
        await expect(fieldOf(page, form.name, 'First name')).toHaveValue('');

        const email = form.fields.Email;
        await expect
          .poll(() => site.stored(email))
          .toMatchObject({ first_name: form.fields['First name'], ...form.row });
        // The staff e-mail and the parent's confirmation, as the script path sends them.
        await expect
          .poll(() => smtp.received.filter((mail) => mail.text.includes(email)).length, { timeout: 20_000 })
          .toBe(2);
      }
      // The server's log (one line per request, and what it did) holds none of it.
      const log = site.server.output();
      expect(log).toContain('"path":"/contact"');
      for (const form of forms(run)) {
        for (const value of Object.values(form.fields)) {
          if (/noscript|@example\.com|please|sticking/.test(value)) expect(log).not.toContain(value);
        }
      }
    });

    test('errors show at the fields with the exact messages, the values kept, and nothing is stored', async ({
      page,
    }) => {
      const run = unique();
      const base = site.server.baseUrl;

      await page.goto(`${base}/contact`);
      const contact = 'Send us a message';
      await fieldOf(page, contact, 'Last name').fill(`Reednoscript${run}`);
      await fieldOf(page, contact, 'Email').fill(`tom-${run}@`);
      await fieldOf(page, contact, 'Mobile').fill('07700 900456');
      await fieldOf(page, contact, 'Message').fill('Too short');
      const answer = page.waitForResponse((response) => response.request().method() === 'POST');
      await page.getByRole('button', { name: 'Send Message' }).click();
      expect((await answer).status()).toBe(400);
      await expect(page).toHaveURL(`${base}/contact`);

      expect(await describedError(page, contact, 'First name')).toBe('First name is required');
      expect(await describedError(page, contact, 'Last name')).toBeNull();
      expect(await describedError(page, contact, 'Email')).toBe('Please enter a valid email address');
      expect(await describedError(page, contact, 'Message')).toBe('Message must be at least 10 characters long');
      await expect(fieldOf(page, contact, 'First name')).toHaveAttribute('aria-invalid', 'true');
      await expect(fieldOf(page, contact, 'First name')).toBeFocused();
      await expect(fieldOf(page, contact, 'Last name')).toHaveValue(`Reednoscript${run}`);
      await expect(fieldOf(page, contact, 'Email')).toHaveValue(`tom-${run}@`);
      await expect(fieldOf(page, contact, 'Mobile')).toHaveValue('07700 900456');
      await expect(fieldOf(page, contact, 'Message')).toHaveValue('Too short');
      expect(await site.stored(`tom-${run}@`)).toBeUndefined();

      // Put right, the same page sends it.
      await fieldOf(page, contact, 'First name').fill('Tom');
      await fieldOf(page, contact, 'Email').fill(`tom-${run}@example.com`);
      await fieldOf(page, contact, 'Message').fill('Do you have Saturday places for Year 6?');
      await page.getByRole('button', { name: 'Send Message' }).click();
      await expect(page).toHaveURL(`${base}/contact?sent=1#contact-form`);
      await expect.poll(() => site.stored(`tom-${run}@example.com`)).toMatchObject({ last_name: `Reednoscript${run}` });

      // The home page's form, far down the page: the browser brings the first field at fault into view.
      await page.goto(`${base}/`);
      const callback = 'Request a call back';
      await fieldOf(page, callback, 'First name').fill(`Jonoscript${run}`);
      await fieldOf(page, callback, 'Email').fill(`jo-${run}@example.com`);
      await page.getByRole('button', { name: 'Request A Call Back' }).click();
      await expect(page).toHaveURL(`${base}/`);
      expect(await describedError(page, callback, 'Last name')).toBe('Last name is required');
      expect(await describedError(page, callback, 'Telephone')).toBe('Telephone number is required');
      await expect(fieldOf(page, callback, 'Last name')).toBeFocused();
      await expect(fieldOf(page, callback, 'Last name')).toBeInViewport();
      await expect(fieldOf(page, callback, 'First name')).toHaveValue(`Jonoscript${run}`);
      await expect(fieldOf(page, callback, 'Email')).toHaveValue(`jo-${run}@example.com`);

      // The assessment form, every required field empty.
      await page.goto(`${base}/free-assessment`);
      const assessment = 'Free assessment request';
      await fieldOf(page, assessment, 'Year group (optional)').fill('Year 9');
      await page.getByRole('button', { name: 'Get Your Free Assessment' }).click();
      for (const [label, message] of [
        ['First name', 'First name is required'],
        ['Last name', 'Last name is required'],
        ['Telephone', 'Telephone number is required'],
        ['Email', 'Invalid email address'],
        ['Subject (for example GCSE Maths or 11+)', 'Subject title is required'],
      ] as const) {
        expect(await describedError(page, assessment, label)).toBe(message);
      }
      await expect(fieldOf(page, assessment, 'Year group (optional)')).toHaveValue('Year 9');
    });
  });
}
