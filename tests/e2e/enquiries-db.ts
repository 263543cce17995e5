import path from 'node:path';
import SQLite from '../../src/server/db/sqlite-driver.mjs';

export interface SeedEnquiry {
  type: 'assessment' | 'contact';
  firstName: string;
  lastName: string;
  email: string;
  reviewed?: 'true' | 'false';
  message?: string;
  minutesAgo: number;
}

/**
 * Writes straight into the test server's SQLite file: the public forms that create submissions
 * belong to another feature, and the inbox is what is under test here.
 */
export function withDatabase<T>(dataDir: string, work: (db: SQLite.Database) => T): T {
  const db = new SQLite(path.join(dataDir, 'site.db'));
  db.pragma('busy_timeout = 5000');
  try {
    return work(db);
  } finally {
    db.close();
  }
}

export function resetEnquiries(dataDir: string, rows: readonly SeedEnquiry[]): void {
  withDatabase(dataDir, (db) => {
    db.prepare('delete from contact_submissions').run();
    const insert = db.prepare(
      `insert into contact_submissions
        (submission_type, first_name, last_name, email, mobile, telephone, email_title, notes, message, reviewed,
         submitted_at, updated_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    for (const row of rows) {
      const at = new Date(Date.now() - row.minutesAgo * 60_000).toISOString();
      const assessment = row.type === 'assessment';
      insert.run(
        row.type,
        row.firstName,
        row.lastName,
        row.email,
        assessment ? null : '07700 900123',
        assessment ? '01632 960456' : null,
        assessment ? 'GCSE Maths' : null,
        assessment ? (row.message ?? 'Needs help with algebra.') : null,
        assessment ? null : (row.message ?? 'Do you run Saturday classes?'),
        row.reviewed ?? 'false',
        at,
        at,
      );
    }
  });
}

export function reviewedOf(dataDir: string, email: string): string | undefined {
  return withDatabase(dataDir, (db) => {
    const row = db.prepare('select reviewed from contact_submissions where email = ?').get(email) as
      { reviewed: string } | undefined;
    return row?.reviewed;
  });
}
