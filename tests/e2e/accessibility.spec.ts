import { staticPublicPaths } from '../../src/shared/routes';
import { axeViolations, expect, test } from './fixtures';

const pagesToCheck = [...staticPublicPaths, '/no-such-page'];

for (const [label, viewport] of [
  ['desktop', { width: 1280, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test.describe(`accessibility on ${label}`, () => {
    test.use({ viewport });
    for (const path of pagesToCheck) {
      test(`${path} has no axe-core violations`, async ({ page }) => {
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        expect(await axeViolations(page)).toEqual([]);
      });
    }
  });
}

test('star ratings stay drawn in a high-contrast mode, which replaces background colours', async ({ page }) => {
  await page.emulateMedia({ forcedColors: 'active' });
  await page.goto('/');
  const stars = page.locator('.star-row').first();
  await expect(stars).toHaveCSS('background-color', 'rgb(203, 213, 225)');
  await expect(stars.locator('span')).toHaveCSS('background-color', 'rgb(245, 158, 11)');
});
