import fs from 'node:fs';
import path from 'node:path';
import SQLite from '../../src/server/db/sqlite-driver.mjs';

/** The submission the server stored for this e-mail address, read straight from its database. */
export function storedEnquiry(email: string): Record<string, unknown> | undefined {
  const database = new SQLite(path.join(process.env.E2E_DATA_DIR!, 'site.db'), { readonly: true });
  try {
    return database.prepare('select * from contact_submissions where email = ?').get(email) as
      Record<string, unknown> | undefined;
  } finally {
    database.close();
  }
}

/** Messages the test SMTP server received that mention `text`. */
export function mailsMentioning(text: string): string[] {
  const dir = process.env.E2E_MAIL_DIR!;
  return fs
    .readdirSync(dir)
    .map((name) => fs.readFileSync(path.join(dir, name), 'utf8').replace(/=\r?\n/g, ''))
    .filter((mail) => mail.includes(text));
}

/** A unique address per test, so parallel tests never read each other's records. */
export const uniqueEmail = (label: string) =>
  `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
