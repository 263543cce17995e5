import type { BrowserContext, Page } from '@playwright/test';
import { card, expect, openSession, seed } from './admin-session';
import { resetEnquiries, withDatabase } from './enquiries-db';
import { axeViolations, test } from './fixtures';
import { type RunningServer, startServer } from './server';

const KEY = 'admin-axe-e2e-key-0123456789abcdefghijk';
let server: RunningServer;
/**
 * One owner's session for every scene of a worker: an account and a sign-in per scene would spend
 * the public staff routes' 60 requests per address in a quarter hour (four each) before the last scene.
 */
let session: Awaited<ReturnType<BrowserContext['cookies']>> = [];

/** One state of one admin screen: where it is, and what to do there first (open a dialog). */
interface Scene {
  name: string;
  path: string;
  ready: (page: Page) => Promise<unknown>;
}

const heading = (page: Page, name: string | RegExp) =>
  expect(page.getByRole('heading', { name }).first()).toBeVisible();
const dialogOpen = (page: Page, role: 'dialog' | 'alertdialog', name: string) =>
  expect(page.getByRole(role, { name })).toBeVisible();

const scenes: Scene[] = [
  { name: 'the inbox', path: '/admin', ready: (page) => expect(card(page, 'Amelia Hart')).toBeVisible() },
  {
    name: 'the inbox with Edit open',
    path: '/admin',
    ready: async (page) => {
      await card(page, 'Amelia Hart').getByRole('button', { name: 'Edit' }).click();
      await dialogOpen(page, 'dialog', 'Edit Submission');
    },
  },
  {
    name: 'the inbox with Delete open',
    path: '/admin',
    ready: async (page) => {
      await card(page, 'Amelia Hart').getByRole('button', { name: 'Delete' }).click();
      await dialogOpen(page, 'alertdialog', 'Delete this submission?');
    },
  },
  { name: 'the blog', path: '/admin/blog', ready: (page) => heading(page, /Blog/) },
  {
    name: 'the blog with a new post open',
    path: '/admin/blog',
    ready: async (page) => {
      await page.getByRole('button', { name: 'Create New Post' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
    },
  },
  { name: 'the images', path: '/admin/images', ready: (page) => heading(page, /Image/) },
  {
    name: 'the images with Upload open',
    path: '/admin/images',
    ready: async (page) => {
      await page.getByRole('button', { name: 'Upload Image' }).click();
      await dialogOpen(page, 'dialog', 'Upload Image');
    },
  },
  { name: 'the logo', path: '/admin/logo', ready: (page) => heading(page, /Logo/) },
  { name: 'the Bin', path: '/admin/bin', ready: (page) => heading(page, 'Bin') },
  { name: 'the site', path: '/admin/site', ready: (page) => heading(page, 'Site details') },
  {
    name: 'the site with a preview open',
    path: '/admin/site',
    ready: async (page) => {
      await page
        .getByRole('button', { name: /^Preview home page/ })
        .first()
        .click();
      await dialogOpen(page, 'dialog', 'Preview');
    },
  },
  {
    name: 'the staff screen and access log',
    path: '/admin/staff',
    ready: (page) => expect(page.getByRole('heading', { name: 'Access log' })).toBeVisible(),
  },
  {
    name: 'the staff screen with Disable open',
    path: '/admin/staff',
    ready: async (page) => {
      await page.getByRole('button', { name: 'Disable' }).first().click();
      await expect(page.getByRole('alertdialog')).toBeVisible();
    },
  },
  { name: 'the account', path: '/admin/account', ready: (page) => heading(page, 'Passkeys') },
  {
    name: 'Insights with a chart shown as a table',
    path: '/admin/insights',
    ready: async (page) => {
      await heading(page, 'Day by day');
      await page
        .getByRole('button', { name: /^Show as table/ })
        .first()
        .click();
      await expect(page.getByRole('table', { name: /^Visitors per day/ })).toBeVisible();
    },
  },
  // Upcoming assessments (decision 0073): a week, with its "Block a time" forms.
  {
    name: 'upcoming assessments, a week',
    path: '/admin/bookings',
    ready: async (page) => {
      await heading(page, 'Upcoming assessments');
      await page.getByRole('button', { name: 'Week' }).click();
      await expect(page.getByText('No assessments booked.').first()).toBeVisible();
    },
  },
  { name: 'a mistyped address', path: '/admin/nowhere', ready: (page) => heading(page, 'Page not found') },
];

/**
 * Every admin screen, and each with its dialog open, at a desktop's and a phone's width: axe-core
 * (WCAG 2.2 AA and best practice) finds nothing (issue 38).
 */
test.describe('the admin screens have no axe-core violations', () => {
  test.beforeAll(async ({ browser }) => {
    server = await startServer({ ADMIN_API_KEY: KEY });
    const signingIn = await browser.newContext();
    await openSession(await signingIn.newPage(), KEY, server.baseUrl);
    session = await signingIn.cookies();
    await signingIn.close();
    resetEnquiries(server.dataDir, seed);
    // A few visits today, one from a campaign, so Insights has every table to check.
    withDatabase(server.dataDir, (db) => {
      const at = new Date().toISOString();
      const view = db.prepare(
        'insert into analytics_views (at, day, visitor, path, channel, source, medium, campaign) values (?, ?, ?, ?, ?, ?, ?, ?)',
      );
      view.run(at, at.slice(0, 10), 'a', '/exam-resits', 'campaign', 'facebook', 'paid', 'spring-gcse');
      view.run(at, at.slice(0, 10), 'a', '/free-assessment', 'campaign', 'facebook', 'paid', 'spring-gcse');
      view.run(at, at.slice(0, 10), 'b', '/', 'search', 'google.co.uk', null, null);
    });
  });
  test.afterAll(async () => {
    await server.stop();
    server.remove();
  });

  for (const [label, viewport] of [
    ['1280', { width: 1280, height: 900 }],
    ['390', { width: 390, height: 844 }],
  ] as const) {
    test.describe(`at ${label} px`, () => {
      test.use({ viewport });
      for (const scene of scenes) {
        test(scene.name, async ({ page }) => {
          // /admin/site is a long page: axe takes a while over it on a busy machine.
          test.setTimeout(150_000);
          await page.context().addCookies(session);
          await page.goto(`${server.baseUrl}${scene.path}`);
          await scene.ready(page);
          // Dialogs animate in; axe reads colours, so it waits for them to settle.
          await page.waitForTimeout(300);
          expect(await axeViolations(page)).toEqual([]);
        });
      }
    });
  }
});
