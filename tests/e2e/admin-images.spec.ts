import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { axeViolations, expect as baseExpect, test } from './fixtures';
import { type RunningServer, startServer } from './server';
import { openSession } from './admin-session';

// Uploads are processed by sharp on a CPU shared with other test runs: allow for slow moments.
const expect = baseExpect.configure({ timeout: 20_000 });
test.setTimeout(120_000);

const KEY = 'e2e-images-key-0123456789abcdefghij';
let server: RunningServer;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  server = await startServer({ ADMIN_API_KEY: KEY, PAGE_CACHE_MS: '0' });
});
test.afterAll(async () => {
  await server.stop();
  server.remove();
});

/** Signed in with a session cookie, as the sign-in form leaves it (docs/product.md#admin-session). */
async function openAdmin(page: Page, path: string) {
  await openSession(page, KEY, server.baseUrl);
  await page.goto(`${server.baseUrl}${path}`);
}

/** Random pixels: a PNG that does not compress, so its upload takes a while under slowUploads. */
const noisyPng = (width: number, height: number) =>
  sharp(Buffer.from(Array.from({ length: width * height * 3 }, () => Math.floor(Math.random() * 256))), {
    raw: { width, height, channels: 3 },
  })
    .png()
    .toBuffer();

/** Sends at about 256 kB/s, so an upload's progress can be seen before it ends. */
async function slowUploads(page: Page) {
  const devtools = await page.context().newCDPSession(page);
  await devtools.send('Network.enable');
  await devtools.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 256 * 1024,
  });
}

const png = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

/** Drops a file on the zone the way a browser does: a drop event whose DataTransfer holds it. */
async function dropFile(page: Page, name: string, type: string, bytes: Buffer) {
  await page.getByTestId('image-drop-zone').evaluate(
    (zone, file) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(file.bytes)], file.name, { type: file.type }));
      zone.dispatchEvent(new DragEvent('dragover', { bubbles: true, cancelable: true, dataTransfer: transfer }));
      zone.dispatchEvent(new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: transfer }));
    },
    { name, type, bytes: [...bytes] },
  );
}

/** A toast's title or description (the live region repeats the text for screen readers). */
// Located by CSS, not role: while a modal dialog is open, Radix hides the rest of the page from the accessibility tree.
const toasts = (page: Page) => page.locator('section[aria-label="Notifications (F8)"]');
const toastText = (page: Page, text: string) => toasts(page).getByText(text, { exact: true });

const cards = (page: Page) => page.getByRole('region', { name: 'Images' }).getByRole('listitem');

test('image manager: upload by dialog and by drop, search, filter, edit, copy URL, delete', async ({
  page,
  context,
  consoleErrors,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openAdmin(page, '/admin/images');
  await expect(page.getByRole('heading', { name: 'Image Manager' })).toBeVisible();
  await expect(page.getByText('No images yet')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Admin' })).toHaveAttribute('href', '/admin');

  // Upload through the dialog.
  await page.getByRole('button', { name: 'Upload Image' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload Image' });
  await dialog.getByLabel('Image file *').setInputFiles({
    name: 'classroom.png',
    mimeType: 'image/png',
    buffer: await png(1200, 800, '#2255aa'),
  });
  await dialog.getByLabel('Alt text').fill('Our bright classroom');
  await dialog.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Classroom' }).click();
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(toastText(page, 'Image uploaded successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(cards(page)).toHaveCount(1);
  const first = cards(page).first();
  await expect(first).toContainText('classroom.png');
  await expect(first).toContainText('1200 x 800');
  await expect(first).toContainText(/\b\d+(?:\.\d+)? (?:Bytes|KB)/);
  await expect(first.getByRole('img')).toHaveAttribute('srcset', /160\.webp 160w.*1024\.webp 1024w/);

  // A non-image drop is refused; an image drop uploads.
  await dropFile(page, 'notes.txt', 'text/plain', Buffer.from('hello'));
  await expect(toastText(page, 'Invalid File')).toBeVisible();
  await expect(toastText(page, 'Please select an image file')).toBeVisible();
  await dropFile(page, 'garden.png', 'image/png', await png(400, 300, '#22aa55'));
  await expect(cards(page)).toHaveCount(2);
  await expect(cards(page).first()).toContainText('garden.png');

  // Search and filter.
  await page.getByLabel('Search images').fill('bright');
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toContainText('classroom.png');
  await page.getByLabel('Search images').fill('zebra');
  await expect(page.getByText('No images found')).toBeVisible();
  await page.getByLabel('Search images').fill('');
  await page.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'General' }).click();
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toContainText('garden.png');
  await page.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'All categories' }).click();
  await expect(cards(page)).toHaveCount(2);

  // Edit alt text and category.
  await page.getByRole('button', { name: 'Edit garden.png' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Image' });
  await edit.getByLabel('Alt text').fill('The centre garden');
  await edit.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Hero' }).click();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(toastText(page, 'Image updated successfully')).toBeVisible();
  await expect(cards(page).first()).toContainText('The centre garden');
  await expect(cards(page).first()).toContainText('hero');

  // Copy URL puts the image's full address on the clipboard, and that address serves the image.
  await cards(page).first().getByRole('button', { name: 'Copy URL' }).click();
  await expect(toastText(page, 'Image URL copied to clipboard')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(new RegExp(`^${server.baseUrl}/images/\\d+/[0-9a-f]+-400x300/original\\.png$`));
  const served = await page.request.get(copied);
  expect(served.headers()['content-type']).toBe('image/png');

  // Delete with confirmation.
  await page.getByRole('button', { name: 'Delete garden.png' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('garden.png');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toastText(page, 'Image deleted successfully')).toBeVisible();
  await expect(cards(page)).toHaveCount(1);
  expect((await page.request.get(copied)).status()).toBe(404);
  expect(await axeViolations(page)).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

test('upload dialog refuses a non-image file', async ({ page }) => {
  await openAdmin(page, '/admin/images');
  await page.getByRole('button', { name: 'Upload Image' }).click();
  await page
    .getByRole('dialog', { name: 'Upload Image' })
    .getByLabel('Image file *')
    .setInputFiles({ name: 'essay.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7') });
  await expect(toastText(page, 'Invalid File')).toBeVisible();
  // Said inside the dialog too, where a screen reader's focus is.
  await expect(page.getByRole('dialog').getByText('Please select an image file')).toBeVisible();
});

const header = (html: string) => html.slice(html.indexOf('<header'), html.indexOf('</header>'));

test('logo manager: upload, toggles and brand text show in the server-rendered header', async ({ page }) => {
  await openAdmin(page, '/admin/logo');
  await expect(page.getByRole('heading', { name: 'Logo Manager' })).toBeVisible();
  await expect(page.getByText('512x512')).toBeVisible();

  // Refused before sending: nothing chosen, not an image, over 5 MB.
  await page.getByRole('button', { name: 'Upload Logo' }).click();
  await expect(toastText(page, 'No file selected')).toBeVisible();
  await expect(toastText(page, 'Please select an image file to upload')).toBeVisible();
  const fileInput = page.getByLabel('Logo file');
  await fileInput.setInputFiles({ name: 'logo.txt', mimeType: 'text/plain', buffer: Buffer.from('not a logo') });
  await page.getByRole('button', { name: 'Upload Logo' }).click();
  await expect(toastText(page, 'Invalid file type')).toBeVisible();
  await expect(toastText(page, 'Please select an image file (JPEG, PNG, GIF, etc.)')).toBeVisible();
  await fileInput.setInputFiles({
    name: 'huge.png',
    mimeType: 'image/png',
    buffer: Buffer.alloc(5 * 1024 * 1024 + 1),
  });
  await page.getByRole('button', { name: 'Upload Logo' }).click();
  await expect(toastText(page, 'File too large')).toBeVisible();
  await expect(toastText(page, 'Please select an image less than 5MB in size')).toBeVisible();

  // A file that claims to be an image but is not: the server refuses it, the toast shows the status.
  await fileInput.setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('just text') });
  await page.getByRole('button', { name: 'Upload Logo' }).click();
  await expect(toastText(page, 'Upload failed')).toBeVisible();
  await expect(toasts(page).getByText(/^415: /)).toBeVisible();

  // The chosen file shows as a thumbnail before it is sent, then with a progress bar while it is.
  await expect(page.getByRole('switch', { name: 'Show logo in the header' })).not.toBeChecked();
  await fileInput.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await noisyPng(512, 512) });
  await expect(page.getByRole('img', { name: 'Chosen file: logo.png' })).toBeVisible();
  await slowUploads(page);
  await page.getByRole('button', { name: 'Upload Logo' }).click();
  const progress = page.getByRole('progressbar', { name: /^(Uploading logo\.png: \d+%|Processing logo\.png)/ });
  await expect(progress).toBeVisible();
  await expect.poll(async () => Number(await progress.getAttribute('value')), { timeout: 20_000 }).toBeGreaterThan(0);
  await expect(toastText(page, 'Logo uploaded successfully')).toBeVisible();
  await expect(progress).toBeHidden();
  await expect(page.getByRole('img', { name: 'Current site logo' })).toHaveAttribute('src', /512x512\/512\.webp$/);

  // A new logo is shown at once: its switch is on without another step.
  await expect(page.getByRole('switch', { name: 'Show logo in the header' })).toBeChecked();
  expect(header(await (await page.request.get(`${server.baseUrl}/`)).text())).toMatch(/512x512\/512\.webp/);

  await page.getByLabel('Text (first word blue, the rest red)').fill('Teesside Learners');
  await expect(page.getByTestId('brand-preview')).toContainText('Teesside Learners');
  await page.getByRole('button', { name: 'Save Brand Text' }).click();
  await expect(toastText(page, 'Brand text updated')).toBeVisible();

  let html = header(await (await page.request.get(`${server.baseUrl}/`)).text());
  expect(html).toMatch(/<img src="\/images\/\d+\/[0-9a-f]+-512x512\/512\.webp" srcSet="[^"]*160\.webp 160w/);
  expect(html).toContain('<span class="text-blue-700">Teesside</span> <span class="text-red-600">Learners</span>');

  await page.getByRole('switch', { name: 'Show brand text in the header' }).click();
  await expect(toastText(page, 'Setting updated')).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Show brand text in the header' })).not.toBeChecked();
  html = header(await (await page.request.get(`${server.baseUrl}/contact`)).text());
  expect(html).not.toContain('Teesside');
  expect(html).toContain('512x512/512.webp');

  // The public header after a full load, as a visitor sees it.
  await page.goto(`${server.baseUrl}/`);
  const home = page.getByRole('banner').getByRole('link', { name: /home$/ });
  // The logo is decorative beside the link's own name, so it has empty alt text and no img role.
  await expect(home.locator('img')).toBeVisible();
  await expect(home).not.toContainText('Teesside');

  await page.goto(`${server.baseUrl}/admin/logo`);
  await expect(page.getByRole('heading', { name: 'Logo Manager' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});
