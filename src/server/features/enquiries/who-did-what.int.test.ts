import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BinList } from '../../../shared/bin/bin';
import type { EnquiryPage, InboxEnquiry, StaffNote } from '../../../shared/enquiries/admin-schemas';
import { ADMIN_KEY_NAME } from '../../../shared/staff/display-names';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { seedEnquiry } from '../../../../tests/support/enquiries-factory';
import { movableClock } from '../../../../tests/support/clock';
import { joinAsStaff, type JoinedStaff } from '../../../../tests/support/staff';

const KEY = 'who-did-what-key-0123456789abcdef';
const key = { 'x-api-key': KEY };

/** Issue 38: who wrote a note, who marked an enquiry reviewed or moved its stage, who binned it, who saw it. */
describe('who did what in the inbox', () => {
  let subject: TestApp;
  let sam: JoinedStaff;
  let robin: JoinedStaff;
  // The clock stands still, so every sighting of an enquiry falls in one millisecond, as on a fast
  // machine: "latest first" must still follow the order they happened in.
  const clock = movableClock(new Date().getTime());
  beforeAll(async () => {
    subject = await createTestApp({ env: { ADMIN_API_KEY: KEY }, clock: clock.now });
    const at = clock.now();
    sam = await joinAsStaff(subject, key, { email: 'sam@centre.test', roles: ['owner'], name: 'Sam Owner', at });
    robin = await joinAsStaff(subject, key, {
      email: 'robin@centre.test',
      roles: ['enquiries'],
      name: 'Robin Office',
      at,
    });
  });
  afterAll(() => subject.close());

  const inject = (
    headers: Record<string, string>,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) => subject.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const inbox = async (headers: Record<string, string>) => {
    const answer = await inject(headers, 'GET', '/api/contact-submissions?page=1&pageSize=100');
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json() as EnquiryPage;
  };
  const cardOf = async (id: number, headers: Record<string, string> = key): Promise<InboxEnquiry> =>
    (await inbox(headers)).items.find((item) => item.id === id)!;

  it("keeps a note's author: the account's name, or the admin key's", async () => {
    const { id } = await seedEnquiry(subject.database.db);
    const byRobin = await inject(robin.headers, 'POST', `/api/contact-submissions/${id}/notes`, { text: 'Rang back.' });
    expect(byRobin.statusCode).toBe(201);
    expect(byRobin.json()).toMatchObject({ text: 'Rang back.', author: 'Robin Office' });
    await inject(key, 'POST', `/api/contact-submissions/${id}/notes`, { text: 'Checked by the key.' });

    const notes = (await inject(key, 'GET', `/api/contact-submissions/${id}/notes`)).json() as StaffNote[];
    expect(notes.map((note) => note.author)).toEqual(['Robin Office', ADMIN_KEY_NAME]);
    expect((await cardOf(id)).staffNotes.map((note) => note.author)).toEqual(['Robin Office', ADMIN_KEY_NAME]);
    const stored = await subject.database.db
      .selectFrom('staff_notes')
      .select(['author_account_id', 'author_name'])
      .where('submission_id', '=', id)
      .orderBy('id')
      .execute();
    expect(stored).toEqual([
      { author_account_id: robin.id, author_name: 'Robin Office' },
      { author_account_id: null, author_name: ADMIN_KEY_NAME },
    ]);
  });

  it('says who marked it reviewed and when, keeps the first marker, and forgets them when unmarked', async () => {
    const { id } = await seedEnquiry(subject.database.db);
    const put = (headers: Record<string, string>, payload: object) =>
      inject(headers, 'PUT', `/api/contact-submissions/${id}`, payload);

    expect((await put(robin.headers, { reviewed: 'true' })).statusCode).toBe(200);
    const first = await cardOf(id);
    expect(first).toMatchObject({
      reviewed: 'true',
      reviewedBy: 'Robin Office',
      stage: { stage: 'new', movedBy: null },
    });
    expect(Date.parse(first.reviewedAt!)).not.toBeNaN();

    // Marked again by someone else (the edit dialog sends reviewed with every save): still Robin's mark.
    await put(sam.headers, { reviewed: 'true', firstName: 'Edited' });
    expect(await cardOf(id)).toMatchObject({ reviewedBy: 'Robin Office', reviewedAt: first.reviewedAt });

    await put(sam.headers, { reviewed: 'false' });
    expect(await cardOf(id)).toMatchObject({ reviewed: 'false', reviewedBy: null, reviewedAt: null });
    const row = await subject.database.db
      .selectFrom('contact_submissions')
      .select(['reviewed_by_account_id', 'reviewed_by_name', 'reviewed_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ reviewed_by_account_id: null, reviewed_by_name: null, reviewed_at: null });
  });

  it('says who moved it to another stage (which marks it reviewed too, if it was not), and refuses a stage it does not know', async () => {
    const { id } = await seedEnquiry(subject.database.db);
    const move = (payload: object) => inject(sam.headers, 'POST', `/api/contact-submissions/${id}/stage`, payload);
    expect((await move({ from: 'new', to: 'contacted' })).statusCode).toBe(200);
    expect(await cardOf(id)).toMatchObject({
      reviewed: 'true',
      reviewedBy: 'Sam Owner',
      stage: { stage: 'contacted', movedBy: 'Sam Owner', reason: null },
    });
    const stored = await subject.database.db
      .selectFrom('contact_submissions')
      .select(['staged_by_account_id', 'reviewed_by_account_id'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ staged_by_account_id: sam.id, reviewed_by_account_id: sam.id });
    const moves = await subject.database.db
      .selectFrom('enquiry_stage_moves')
      .select(['from_stage', 'to_stage', 'by_account_id', 'by_name'])
      .where('submission_id', '=', id)
      .execute();
    expect(moves).toEqual([{ from_stage: 'new', to_stage: 'contacted', by_account_id: sam.id, by_name: 'Sam Owner' }]);

    const refused = await move({ from: 'contacted', to: 'replied' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ field: 'to' });
  });

  it('names no one for what was done before names were kept', async () => {
    const { id } = await seedEnquiry(subject.database.db, { reviewed: 'true' });
    await subject.database.db
      .insertInto('staff_notes')
      .values({ submission_id: id, body: 'An old note', created_at: '2026-01-01T09:00:00.000Z' })
      .execute();
    const card = await cardOf(id);
    expect(card).toMatchObject({ reviewed: 'true', reviewedBy: null, reviewedAt: null });
    expect(card.staffNotes).toEqual([expect.objectContaining({ text: 'An old note', author: null })]);
  });

  it('says in the Bin who deleted it, and forgets that when it is restored', async () => {
    const { id } = await seedEnquiry(subject.database.db, { first_name: 'Binned', last_name: 'ByRobin' });
    expect((await inject(robin.headers, 'DELETE', `/api/contact-submissions/${id}`)).statusCode).toBe(204);
    const bin = (await inject(sam.headers, 'GET', '/api/admin/bin')).json() as BinList;
    expect(bin.items.find((item) => item.kind === 'enquiry' && item.id === id)).toMatchObject({
      label: 'Binned ByRobin',
      deletedBy: 'Robin Office',
    });
    const stored = await subject.database.db
      .selectFrom('contact_submissions')
      .select(['deleted_by_account_id', 'deleted_by_name'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ deleted_by_account_id: robin.id, deleted_by_name: 'Robin Office' });

    expect((await inject(sam.headers, 'POST', `/api/admin/bin/enquiry/${id}/restore`)).statusCode).toBe(204);
    const restored = await subject.database.db
      .selectFrom('contact_submissions')
      .select(['deleted_at', 'deleted_by_account_id', 'deleted_by_name'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(restored).toEqual({ deleted_at: null, deleted_by_account_id: null, deleted_by_name: null });
  });

  it('shows owners who has seen each enquiry, latest first, from the access log; others get no such line', async () => {
    const { id } = await seedEnquiry(subject.database.db, { submitted_at: '2027-06-01T09:00:00.000Z' });
    const fresh = await cardOf(id, sam.headers);
    // Nobody had seen it before this look: the look itself is recorded after the answer is made.
    expect(fresh.viewedBy).toEqual({ latest: [], more: 0 });

    await inbox(robin.headers);
    await inject(key, 'GET', `/api/contact-submissions/${id}/notes`);
    const seen = (await cardOf(id, sam.headers)).viewedBy!;
    expect(seen.latest.map((viewer) => viewer.name)).toEqual([ADMIN_KEY_NAME, 'Robin Office', 'Sam Owner']);
    expect(seen.more).toBe(0);
    // Robin may not read the access log, so the inbox does not read it for him.
    expect((await cardOf(id, robin.headers)).viewedBy).toBeUndefined();
    // An enquiry nobody's answer showed has nobody.
    expect((await cardOf(id, sam.headers)).viewedBy!.latest).toHaveLength(3);
  });
});
