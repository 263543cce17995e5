import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../../shared/clock';
import { ACCESS_LOG_KEEP_DAYS, BACKUP_KEEP_DAYS, BIN_KEEP_DAYS, SENT_MAIL_KEEP_DAYS } from '../../../shared/retention';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { createEnquiriesRepo } from './repo';
import { deleteExpiredEnquiries, purgeSentMail } from './retention';

const KEY = 'lifetime-test-key-0123456789abcdef';

/** An enquiry deleted for good leaves no copy anywhere in the database. */
describe('personal data has one lifetime', () => {
  let subject: TestApp;
  beforeAll(async () => {
    subject = await createTestApp({
      env: { ADMIN_API_KEY: KEY, SMTP_URL: 'smtp://127.0.0.1:2525', NOTIFY_EMAIL: 'office@example.test' },
    });
  });
  afterAll(() => subject.close());

  const db = () => subject.database.db;

  /** Every row of every table as text, to search for what a parent wrote. */
  async function everything(): Promise<string> {
    const tables = await db().introspection.getTables();
    const dumps = await Promise.all(
      tables
        .filter((table) => !table.name.startsWith('kysely_'))
        .map(async (table) =>
          JSON.stringify(
            await db()
              .selectFrom(table.name as 'settings')
              .selectAll()
              .execute(),
          ),
        ),
    );
    return dumps.join('\n');
  }

  async function enquire(marker: string): Promise<number> {
    const response = await subject.app.inject({
      method: 'POST',
      url: '/api/contact-submissions',
      remoteAddress: `192.0.2.${Math.floor(Math.random() * 200) + 1}`,
      payload: {
        firstName: `Ada${marker}`,
        lastName: 'Lovelace',
        email: `${marker.toLowerCase()}@example.com`,
        mobile: '07700 900456',
        message: `Private message ${marker}`,
      },
    });
    expect(response.statusCode).toBe(201);
    const id = response.json<{ id: number }>().id;
    // Staff's notes often repeat what the parent said: they are personal data too.
    const note = await subject.app.inject({
      method: 'POST',
      url: `/api/contact-submissions/${id}/notes`,
      headers: { 'x-api-key': KEY },
      payload: { text: `Staff note about ${marker}: rang 07700 900456` },
    });
    expect(note.statusCode).toBe(201);
    return id;
  }

  /** Moves an enquiry far past any retention period. */
  const submittedLongAgo = (id: number) =>
    db()
      .updateTable('contact_submissions')
      .set({ submitted_at: '2000-01-01T00:00:00.000Z' })
      .where('id', '=', id)
      .execute();

  const forgotten = async (marker: string) => {
    const left = await everything();
    for (const text of [marker, `${marker.toLowerCase()}@example.com`]) expect(left).not.toContain(text);
  };

  it("staff deleting an enquiry bins it (restorable, so kept); deleting it for good deletes its e-mails (staff's and the parent's) and staff's notes too", async () => {
    const id = await enquire('Zq81staff');
    const stored = await everything();
    expect(stored).toContain('Private message Zq81staff');
    expect(stored).toContain('Staff note about Zq81staff');
    expect(stored).toContain('"recipient":"zq81staff@example.com"');
    const deleted = await subject.app.inject({
      method: 'DELETE',
      url: `/api/contact-submissions/${id}`,
      headers: { 'x-api-key': KEY },
    });
    expect(deleted.statusCode).toBe(204);
    // Decision 0018: a restorable bin counts as not yet deleted, so the enquiry and its e-mail are still there.
    const binned = await everything();
    expect(binned).toContain('Private message Zq81staff');
    expect(binned).toContain('zq81staff@example.com');
    const purged = await subject.app.inject({
      method: 'DELETE',
      url: `/api/admin/bin/enquiry/${id}`,
      headers: { 'x-api-key': KEY },
    });
    expect(purged.statusCode).toBe(204);
    await forgotten('Zq81staff');
    expect(await everything()).not.toContain('07700 900456');
  });

  it(`the Bin empties itself ${BIN_KEEP_DAYS} days after a delete, with every copy, and not a day before`, async () => {
    const now = new Date('2026-11-23T12:00:00.000Z');
    const day = 24 * 60 * 60 * 1000;
    const old = await enquire('Zq84binnedlong');
    const recent = await enquire('Zq84binnedrecent');
    const binnedAt = (id: number, daysAgo: number) =>
      db()
        .updateTable('contact_submissions')
        .set({ deleted_at: new Date(now.getTime() - daysAgo * day).toISOString(), submitted_at: now.toISOString() })
        .where('id', '=', id)
        .execute();
    await binnedAt(old, BIN_KEEP_DAYS + 0.01);
    await binnedAt(recent, BIN_KEEP_DAYS - 0.01);
    expect(await subject.features.bin.emptyExpired(now)).toBe(1);
    await forgotten('Zq84binnedlong');
    expect(await everything()).toContain('Zq84binnedrecent');
  });

  it('a binned enquiry keeps its retention deadline: the retention job deletes it from the Bin with its e-mail', async () => {
    const id = await enquire('Zq85binnedexpired');
    const binned = await subject.app.inject({
      method: 'DELETE',
      url: `/api/contact-submissions/${id}`,
      headers: { 'x-api-key': KEY },
    });
    expect(binned.statusCode).toBe(204);
    await submittedLongAgo(id);
    expect(await deleteExpiredEnquiries(createEnquiriesRepo(db(), systemClock), 24, systemClock())).toBe(1);
    await forgotten('Zq85binnedexpired');
  });

  it('the retention job deletes an expired enquiry with its e-mails and notes, and keeps the others', async () => {
    const id = await enquire('Zq82expired');
    await enquire('Zq82current');
    await submittedLongAgo(id);
    expect(await deleteExpiredEnquiries(createEnquiriesRepo(db(), systemClock), 24, systemClock())).toBe(1);
    const left = await everything();
    expect(left).not.toContain('Zq82expired');
    expect(left.toLowerCase()).not.toContain('zq82expired');
    expect(left).toContain('Staff note about Zq82current');
  });

  it(`forgets delivered e-mails ${SENT_MAIL_KEEP_DAYS} days after they were sent, not before`, async () => {
    const now = new Date('2026-11-23T12:00:00.000Z');
    const day = 24 * 60 * 60 * 1000;
    const sentAt = (daysAgo: number) => new Date(now.getTime() - daysAgo * day - 1000).toISOString();
    const old = await enquire('Zq83old');
    const fresh = await enquire('Zq83fresh');
    const pending = await enquire('Zq83pending');
    await db()
      .updateTable('email_outbox')
      .set({ status: 'sent', sent_at: sentAt(SENT_MAIL_KEEP_DAYS) })
      .where('submission_id', '=', old)
      .execute();
    await db()
      .updateTable('email_outbox')
      .set({ status: 'sent', sent_at: sentAt(SENT_MAIL_KEEP_DAYS - 1) })
      .where('submission_id', '=', fresh)
      .execute();

    // Two mails each: the staff notification and the parent's confirmation.
    expect(await purgeSentMail(db(), now)).toBe(2);
    const outbox = await db().selectFrom('email_outbox').select('submission_id').execute();
    const kept = outbox.map((row) => row.submission_id);
    expect(kept).not.toContain(old);
    expect(kept).toEqual(expect.arrayContaining([fresh, pending]));
  });

  it('the privacy page says how long the e-mail copy is kept', async () => {
    const html = (await subject.app.inject('/privacy')).body;
    expect(html).toMatch(
      new RegExp(`keeps its copy of each of these e-mails for(?: |<!-- -->)*${SENT_MAIL_KEEP_DAYS}(?:<!-- -->)* days`),
    );
    expect(html).toContain('every copy the website holds is deleted with it');
    expect(html).toMatch(new RegExp(`goes to a bin for up to(?: |<!-- -->)*${BIN_KEEP_DAYS}(?:<!-- -->)* days`));
    // Backups: how long a deleted enquiry lives on in them (decision 0046).
    expect(html).toMatch(
      new RegExp(`gone from every copy at(?:\\s|<!-- -->)+most(?: |<!-- -->)*${BACKUP_KEEP_DAYS}(?:<!-- -->)* days`),
    );
    expect(html).toContain('never your name, e-mail address, telephone');
    // The staff access log (decision 0058): who saw the enquiry, by its number only.
    expect(html).toMatch(new RegExp(`it is kept for(?: |<!-- -->)*${ACCESS_LOG_KEEP_DAYS}(?:<!-- -->)* days`));
  });
});
