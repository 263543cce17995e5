import crypto from 'node:crypto';
import type { Page } from '@playwright/test';
import pg from 'pg';
import { DATABASE_OUTAGE_MESSAGE } from '../../src/web/admin/ui/DatabaseOutage';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy';
import { expect, test } from './fixtures';
import { openSession } from './admin-session';
import { type RunningServer, startServer } from './server';

const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const KEY = 'outage-e2e-key-0123456789abcdefghijklmn';
const unavailableText = '503: We could not save or load this just now. Please try again in a minute.';

async function onServer(statement: string) {
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    return await client.query(statement);
  } finally {
    await client.end();
  }
}

const toast = (page: Page, variant: 'default' | 'destructive') => page.locator(`li[data-variant="${variant}"]`);

/**
 * The built server on PostgreSQL behind a TCP proxy that the test cuts: the forms must say so,
 * keep what the parent typed, and send it once the database is back, without a restart.
 */
test.describe('the database going away while a parent fills in a form', () => {
  const name = `e2e_outage_${crypto.randomBytes(4).toString('hex')}`;
  let proxy: TcpProxy;
  let server: RunningServer;
  test.beforeAll(async () => {
    await onServer(`create database ${name}`);
    const target = new URL(serverUrl);
    proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
    const viaProxy = new URL(serverUrl);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    viaProxy.pathname = `/${name}`;
    server = await startServer({ DATABASE_URL: viaProxy.href, ADMIN_API_KEY: KEY });
  });
  test.afterAll(async () => {
    await server?.stop();
    server?.remove();
    await proxy?.close();
    await onServer(`drop database if exists ${name} with (force)`);
  });

  test('the contact form shows the 503 message, keeps its values, and sends once the database is back', async ({
    page,
  }) => {
    const message = `Saturday places? ${crypto.randomBytes(4).toString('hex')}`;
    await page.goto(`${server.baseUrl}/contact`);
    const form = page.getByRole('form', { name: 'Send us a message' });
    await form.getByLabel('First name').fill('Tom');
    await form.getByLabel('Last name').fill('Reed');
    await form.getByLabel('Email').fill('tom@example.com');
    await form.getByLabel('Mobile').fill('07700 900123');
    await form.getByLabel('Message').fill(message);

    await proxy.cut();
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(toast(page, 'destructive')).toContainText('Error sending message');
    await expect(toast(page, 'destructive')).toContainText(unavailableText);
    await expect(form.getByLabel('Message')).toHaveValue(message);
    await expect(form.getByLabel('Mobile')).toHaveValue('07700 900123');
    expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(503);

    await proxy.restore();
    await expect.poll(async () => (await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(toast(page, 'default')).toContainText('Message sent successfully!');
    const client = new pg.Client({ connectionString: new URL(`/${name}`, serverUrl).href });
    await client.connect();
    try {
      const rows = await client.query('select message from contact_submissions where message = $1', [message]);
      expect(rows.rowCount).toBe(1);
    } finally {
      await client.end();
    }
  });

  test('the assessment form shows the 503 message and keeps its values', async ({ page }) => {
    await page.goto(`${server.baseUrl}/free-assessment`);
    const main = page.getByRole('main');
    const values: [string, string][] = [
      ['First name', 'Amira'],
      ['Last name', 'Khan'],
      ['Telephone', '01632 960999'],
      ['Email', 'amira@example.com'],
      ['Subject (for example GCSE Maths or 11+)', 'GCSE Maths'],
    ];
    for (const [label, value] of values) await main.getByLabel(label, { exact: true }).fill(value);
    await proxy.cut();
    try {
      await page.getByRole('button', { name: 'Get Your Free Assessment' }).click();
      await expect(toast(page, 'destructive')).toContainText('Error submitting form');
      await expect(toast(page, 'destructive')).toContainText(unavailableText);
      for (const [label, value] of values) await expect(main.getByLabel(label, { exact: true })).toHaveValue(value);
    } finally {
      await proxy.restore();
    }
  });

  test('the admin says the database is not answering, not "Staff sign-in", and opens once it is back', async ({
    page,
  }) => {
    // Signed in: checking the session reads the database, which a signed-out check need not.
    await openSession(page, KEY, server.baseUrl);
    // The page loads while the database answers; its session check reaches the server just after
    // the database has gone (held in the network until then, then sent on unchanged).
    let send!: () => void;
    const outageStarted = new Promise<void>((resolve) => (send = resolve));
    await page.route('**/api/session', async (route) => {
      await outageStarted;
      await route.continue();
    });
    await page.goto(`${server.baseUrl}/admin`);
    await proxy.cut();
    try {
      send();
      await expect(page.getByRole('alert')).toContainText(DATABASE_OUTAGE_MESSAGE, { timeout: 20_000 });
      await expect(page.getByRole('heading', { name: 'Staff sign-in' })).toHaveCount(0);
      expect((await page.request.get(`${server.baseUrl}/api/session`)).status()).toBe(503);
    } finally {
      await page.unroute('**/api/session');
      await proxy.restore();
    }
    await expect.poll(async () => (await page.request.get(`${server.baseUrl}/api/session`)).status()).toBe(200);
    await page.getByRole('button', { name: 'Try again' }).click();
    // Still signed in: the outage did not end the session.
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  });
});
