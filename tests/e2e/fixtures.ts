import { createRequire } from 'node:module';
import { test as base, expect, type Page } from '@playwright/test';

export { expect };

/** Every spec's page starts on the server the global setup started, and fails on console errors. */
export const test = base.extend<{ consoleErrors: string[] }>({
  baseURL: async ({}, use) => {
    await use(process.env.E2E_BASE_URL);
  },
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await use(errors);
  },
});

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** Runs axe-core (WCAG 2.x A and AA) on the page and returns the violations, readable in a failure. */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: axePath });
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            context: Document,
            options: object,
          ) => Promise<{ violations: { id: string; help: string; nodes: { target: string[] }[] }[] }>;
        };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
    });
    return result.violations;
  });
  return violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}
