import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { movableClock } from '../../../../tests/support/clock';
import { seedEnquiry } from '../../../../tests/support/enquiries-factory';
import { joinAsStaff } from '../../../../tests/support/staff';
import { defaultSiteFacts } from '../../../shared/site-facts/defaults';
import { type Database, openDatabase } from '../../db/connection';
import { createNudges } from './nudges';

const KEY = 'nudges-test-key-0123456789abcdef';
const key = { 'x-api-key': KEY };
const OFFICE = 'office@northstar.test';

/**
 * Issue 50: a family still waiting past the reply target is nudged to the inbox's staff once, and
 * at four times the target to the owners once, only while the office is open, however many
 * processes look at once. The default hours: Monday to Friday 09:00 to 17:00, Saturday 09:00 to
 * 15:00, an hour's target.
 */
describe('nudges for families still waiting', () => {
  // Friday 4 December 2026, 16:30 in London (GMT).
  const clock = movableClock(Date.parse('2026-12-04T16:30:00.000Z'));
  let subject: TestApp;
  let second: Database;
  /** Two processes' nudges, each with its own connection to the one database. */
  let processes: ReturnType<typeof createNudges>[];

  beforeAll(async () => {
    subject = await createTestApp({
      clock: clock.now,
      env: {
        ADMIN_API_KEY: KEY,
        SMTP_URL: 'smtp://127.0.0.1:9',
        NOTIFY_EMAIL: OFFICE,
        MAIL_FROM: 'web@northstar.test',
      },
    });
    const at = clock.now();
    await joinAsStaff(subject, key, { email: 'sam@centre.test', roles: ['owner'], name: 'Sam Owner', at });
    await joinAsStaff(subject, key, { email: 'robin@centre.test', roles: ['enquiries'], name: 'Robin Office', at });
    await joinAsStaff(subject, key, { email: 'eddie@centre.test', roles: ['editor'], name: 'Eddie Editor', at });
    second = openDatabase({ dataDir: subject.database.dataDir, databaseUrl: subject.database.databaseUrl });
    processes = [subject.database, second].map((database) =>
      createNudges({
        database,
        clock: clock.now,
        siteFacts: async () => defaultSiteFacts,
        publicUrl: 'https://www.example.test',
        officeEmail: OFFICE,
      }),
    );
  });
  afterAll(async () => {
    await second.close();
    await subject.close();
  });
  beforeEach(async () => {
    await subject.database.db.deleteFrom('email_outbox').execute();
  });

  /** Both processes look five times each, all at once. */
  const race = async () =>
    (await Promise.all(Array.from({ length: 10 }, (_, n) => processes[n % 2]!()))).reduce((a, b) => a + b, 0);
  const nudges = () =>
    subject.database.db
      .selectFrom('email_outbox')
      .select(['recipient', 'subject', 'body', 'submission_id'])
      .where('kind', '=', 'reply-nudge')
      .orderBy('recipient')
      .execute();

  it('nudges the inbox’s staff once when the target has passed in opening time, the owners once at four times it', async () => {
    clock.set(Date.parse('2026-12-04T16:30:00.000Z'));
    const { id } = await seedEnquiry(subject.database.db, {
      first_name: 'Tom',
      last_name: 'Reed',
      email: 'tom@example.com',
      mobile: '07700 900123',
      message: 'Saturday places for Year 6?',
      submitted_at: clock.now().toISOString(),
    });
    // 16:30 to 17:00 is half the target; the office is then closed until Saturday 09:00.
    clock.set(Date.parse('2026-12-04T21:00:00.000Z'));
    expect(await race()).toBe(0);
    clock.set(Date.parse('2026-12-05T09:29:00.000Z'));
    expect(await race()).toBe(0);
    clock.set(Date.parse('2026-12-05T09:30:00.000Z'));
    expect(await race()).toBe(1);
    expect(await race()).toBe(0);
    const first = await nudges();
    expect(first.map((mail) => mail.recipient)).toEqual(['robin@centre.test', 'sam@centre.test']);
    expect(first[0]).toMatchObject({ submission_id: id, subject: 'Tom has waited 1 h for a reply' });
    expect(first[0]!.body).toContain(`https://www.example.test/admin?from=nudge#enquiry-${id}`);
    // The family's first name and nothing else of theirs.
    for (const secret of ['Reed', 'tom@example.com', '07700', 'Saturday places'])
      expect(JSON.stringify(first)).not.toContain(secret);

    // Four hours of opening time: 30 minutes on Friday, 09:00 to 12:30 on Saturday.
    clock.set(Date.parse('2026-12-05T12:30:00.000Z'));
    expect(await race()).toBe(1);
    const owners = (await nudges()).filter((mail) => mail.subject.startsWith('Still no reply'));
    expect(owners.map((mail) => [mail.recipient, mail.subject])).toEqual([
      ['sam@centre.test', 'Still no reply after 4 h: Tom'],
    ]);
    expect(await race()).toBe(0);
  });

  it('nudges no one for an enquiry moved on, binned, or booked by the parent', async () => {
    clock.set(Date.parse('2026-12-07T09:00:00.000Z'));
    const at = clock.now().toISOString();
    await seedEnquiry(subject.database.db, { submitted_at: at, stage: 'contacted', contacted_at: at });
    await seedEnquiry(subject.database.db, { submitted_at: at, deleted_at: at });
    await seedEnquiry(subject.database.db, { submitted_at: at, stage: 'booked' });
    clock.set(Date.parse('2026-12-07T16:00:00.000Z'));
    expect(await race()).toBe(0);
    expect(await nudges()).toEqual([]);
  });

  it('records in the access log who followed a nudge’s link to the card', async () => {
    clock.set(Date.parse('2026-12-08T10:00:00.000Z'));
    const at = clock.now();
    const kim = await joinAsStaff(subject, key, {
      email: 'kim@centre.test',
      roles: ['enquiries'],
      name: 'Kim Office',
      at,
    });
    const eddie = await joinAsStaff(subject, key, {
      email: 'ed@centre.test',
      roles: ['editor'],
      name: 'Ed Editor',
      at,
    });
    const { id } = await seedEnquiry(subject.database.db, { submitted_at: at.toISOString() });
    const follow = (headers: Record<string, string>, which = id) =>
      subject.app.inject({ method: 'POST', url: `/api/contact-submissions/${which}/opened-from-nudge`, headers });
    expect((await follow(kim.headers)).statusCode).toBe(204);
    expect((await follow(eddie.headers)).statusCode).toBe(403);
    expect((await follow(kim.headers, 999_999)).statusCode).toBe(404);
    expect((await follow(kim.headers, Number.NaN)).statusCode).toBe(404);
    const entries = await subject.database.db
      .selectFrom('access_log')
      .select(['actor_name', 'target_kind', 'target_id', 'outcome'])
      .where('action', '=', 'enquiry.open-from-nudge')
      .execute();
    expect(entries).toEqual([
      { actor_name: 'Kim Office', target_kind: 'enquiry', target_id: String(id), outcome: 'ok' },
    ]);
  });
});
