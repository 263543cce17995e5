import { expect, test } from './fixtures';

test.describe('islands (decision 0038)', () => {
  // The real policy: a blocked script would show as a console error.
  test.use({ bypassCSP: false });

  test('a static section stays the server’s DOM while the form beside it is interactive', async ({
    page,
    consoleErrors,
  }) => {
    // Before any of the page's scripts run, tag the server's nodes: a node React re-created would lack the tag.
    await page.addInitScript(() => {
      document.addEventListener('readystatechange', () => {
        if (document.readyState !== 'interactive') return;
        const tag = (selector: string) =>
          Object.assign(document.querySelector(selector)!, { fromServer: true }) as Element;
        tag('#details-heading');
        tag('#about-heading');
        tag('form[aria-label="Send us a message"]');
      });
    });
    await page.goto('/contact');
    const form = page.getByRole('form', { name: 'Send us a message' });
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(form.getByText('First name is required')).toBeVisible();

    const owners = await page.evaluate(() => {
      // React marks every element it owns with a `__reactFiber$…` property; the server's untouched HTML has none.
      const owned = (element: Element) => Object.keys(element).some((key) => key.startsWith('__reactFiber$'));
      const state = (selector: string) => {
        const element = document.querySelector(selector)!;
        const section = element.closest('section')!;
        return {
          fromServer: (element as Element & { fromServer?: boolean }).fromServer === true,
          react: [section, ...section.querySelectorAll('*')].some(owned),
        };
      };
      return {
        details: state('#details-heading'),
        about: state('#about-heading'),
        header: [...document.querySelectorAll('header, header *')].some(owned),
        form: state('form[aria-label="Send us a message"]'),
      };
    });
    expect(owners.details).toEqual({ fromServer: true, react: false });
    expect(owners.about).toEqual({ fromServer: true, react: false });
    expect(owners.header).toBe(false);
    // The island hydrated the server's form in place: the same node, now React's.
    expect(owners.form).toEqual({ fromServer: true, react: true });
    expect(consoleErrors).toEqual([]);
  });

  test('a form pressed before its island has hydrated is sent through the island, not as a GET', async ({ page }) => {
    await page.goto('/');
    // The home form is below the fold: the press scrolls it in, and the loader replays it once hydrated.
    const form = page.getByRole('form', { name: 'Request a call back' });
    await form.getByRole('button', { name: 'Request A Call Back' }).click();
    await expect(form.getByText('First name is required')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });

  test('what a visitor types before the form has hydrated is kept and sent', async ({ page }) => {
    await page.goto('/contact');
    // Playwright types faster than the island hydrates: the first fields are filled into the server's HTML.
    const form = page.getByRole('form', { name: 'Send us a message' });
    await form.getByLabel('First name').fill('Ann');
    await form.getByLabel('Last name').fill('Lee');
    await form.getByLabel('Email').fill(`early.${Date.now()}@example.test`);
    await form.getByLabel('Mobile').fill('07700900123');
    await form.getByLabel('Message').fill('Hello, a question about maths lessons.');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByRole('region', { name: 'Notifications (F8)' })).toContainText('Message sent successfully!');
    await expect(form.getByLabel('First name')).toHaveValue('');
  });

  test('a field the visitor is in before the loader arrives starts its form without another move', async ({
    page,
    consoleErrors,
  }) => {
    // Hold the loader back until the visitor is in a field, as on a slow phone connection.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let asked = false;
    await page.route(/\/assets\/entry-islands-[\w-]+\.js$/, async (route) => {
      asked = true;
      await held;
      await route.continue();
    });
    await page.goto('/contact', { waitUntil: 'domcontentloaded' });
    const form = page.getByRole('form', { name: 'Send us a message' });
    await form.getByLabel('First name').focus();
    await expect.poll(() => asked).toBe(true);
    release();

    // No further focus, pointer or key: the loader finds the visitor where they are.
    const owned = () => form.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactFiber$')));
    await expect.poll(owned).toBe(true);
    await expect(form.getByLabel('First name')).toBeFocused();
    expect(consoleErrors).toEqual([]);
  });

  test('a public page asks for its scripts and stylesheet only once it has been drawn (decision 0044)', async ({
    page,
    consoleErrors,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    // When the browser starts drawing the first frame (animation frame callbacks run just before it paints).
    await page.addInitScript(() => {
      requestAnimationFrame((time) => Object.assign(window, { firstFrameAt: time }));
    });
    await page.goto('/privacy');
    const ownFiles = () =>
      page.evaluate(() => {
        const { firstFrameAt } = window as unknown as { firstFrameAt?: number };
        return performance
          .getEntriesByType('resource')
          .filter((entry) => new URL(entry.name).pathname.startsWith('/assets/'))
          .map((entry) => ({
            path: new URL(entry.name).pathname,
            afterFirstFrame: firstFrameAt !== undefined && entry.startTime > firstFrameAt,
          }));
      });
    // The island loader, the chunk it imports and the stylesheet prefetched for the first act.
    await expect.poll(async () => (await ownFiles()).length).toBe(3);
    const files = await ownFiles();
    expect(files.filter((file) => /\/entry-islands-[\w-]+\.js$/.test(file.path))).toHaveLength(1);
    expect(files.filter((file) => file.path.endsWith('.css'))).toHaveLength(1);
    expect(files.filter((file) => !file.afterFirstFrame)).toEqual([]);
    // The loader ran under the real policy: the phone menu works.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    expect(consoleErrors).toEqual([]);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  // The forms posting to their own page: form-post.int.test.ts; sending them: enquiries-forms-without-script.spec.ts.
  test('blog search and Clear All work through the URL', async ({ page }) => {
    await page.goto('/blog');
    await page.getByRole('searchbox', { name: 'Search articles' }).fill('maths');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/blog\?q=maths$/);
    await expect(page.getByText('Search: “maths”')).toBeVisible();
    await page.getByRole('link', { name: 'Clear All' }).click();
    await expect(page).toHaveURL(/\/blog$/);
  });
});
