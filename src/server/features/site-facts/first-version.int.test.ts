import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { up as keepFirstVersion } from '../../db/migrations/2026-11-28-1201-site-facts-first-version';
import { defaultSiteFacts } from '../../../shared/site-facts/defaults';
import {
  type CurrentSiteFacts,
  INITIAL_VERSION_SAVER,
  type SiteFactsRevision,
} from '../../../shared/site-facts/site-facts';

const KEY = 'site-first-version-key-0123456789abcdef';
const key = { 'x-api-key': KEY };
const details = defaultSiteFacts.details;

// Each test starts an app on a fresh database: slow on a busy PostgreSQL, so more than the default 5 s.
describe('the facts before the first save are kept as the first version (decision 0059)', { timeout: 30_000 }, () => {
  let subject: TestApp;
  afterEach(() => subject.close());

  const current = async () =>
    (await subject.app.inject({ url: '/api/admin/site', headers: key })).json() as CurrentSiteFacts;
  const revisions = async () =>
    (await subject.app.inject({ url: '/api/admin/site/revisions', headers: key })).json() as SiteFactsRevision[];
  const saveDetails = async (name: string) => {
    const answer = await subject.app.inject({
      method: 'PUT',
      url: '/api/admin/site/details',
      headers: key,
      payload: { basedOn: (await current()).revision, value: { ...details, name } },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json() as CurrentSiteFacts;
  };
  const restore = (id: number) =>
    subject.app.inject({ method: 'POST', url: `/api/admin/site/revisions/${id}/restore`, headers: key });
  const rows = () => subject.database.db.selectFrom('site_facts_revisions').selectAll().orderBy('id', 'asc').execute();

  it('a fresh install: the first save keeps the built-in facts as version 1, and restoring it undoes that save', async () => {
    subject = await createTestApp({ env: { ADMIN_API_KEY: KEY } });
    expect(await current()).toEqual({ revision: null, facts: defaultSiteFacts });
    expect(await revisions()).toEqual([]);

    const saved = await saveDetails('Renamed Tutors');
    expect(saved.revision).toBe(2);
    const listed = await revisions();
    expect(listed.map((revision) => [revision.id, revision.section])).toEqual([
      [2, 'details'],
      [1, 'initial'],
    ]);
    expect(listed[1]).toMatchObject({ savedBy: INITIAL_VERSION_SAVER, restoredFrom: null });

    const answer = await restore(1);
    expect(answer.statusCode, answer.body).toBe(200);
    expect((answer.json() as CurrentSiteFacts).facts).toEqual(defaultSiteFacts);
    expect((await current()).facts.details.name).toBe(details.name);

    // Later saves keep no second first version.
    await saveDetails('Renamed Again');
    expect((await revisions()).filter((revision) => revision.section === 'initial')).toHaveLength(1);
  });

  it('two first saves at the same moment keep one first version between them', async () => {
    subject = await createTestApp({ env: { ADMIN_API_KEY: KEY } });
    const put = (section: 'hours' | 'faq', value: unknown) =>
      subject.app.inject({
        method: 'PUT',
        url: `/api/admin/site/${section}`,
        headers: key,
        payload: { basedOn: null, value },
      });
    const answers = await Promise.all([
      put('hours', { ...defaultSiteFacts.hours, closures: [] }),
      put('faq', [...defaultSiteFacts.faq].reverse()),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect((await revisions()).map((revision) => revision.section).sort()).toEqual(['faq', 'hours', 'initial']);
  });

  it('an upgraded database whose first save is still kept gets the built-in facts as version 0, restorable; once only', async () => {
    subject = await createTestApp({ env: { ADMIN_API_KEY: KEY } });
    const db = subject.database.db;
    // Two saves as the previous release made them: no first version.
    const earlier = { ...defaultSiteFacts, details: { ...details, name: 'Edited Tutors' } };
    for (const [id, name] of [
      [1, 'Edited Tutors'],
      [2, 'Edited Again Tutors'],
    ] as const) {
      await db
        .insertInto('site_facts_revisions')
        .values({
          facts: JSON.stringify({ ...earlier, details: { ...details, name } }),
          section: 'details',
          restored_from: null,
          saved_at: `2026-11-2${id}T10:00:00.000Z`,
          saved_by: 'Sam Owner',
        })
        .execute();
    }
    expect((await rows()).map((row) => Number(row.id))).toEqual([1, 2]);

    await keepFirstVersion(db as never);
    await keepFirstVersion(db as never);
    const kept = await rows();
    expect(kept.map((row) => [Number(row.id), row.section])).toEqual([
      [0, 'initial'],
      [1, 'details'],
      [2, 'details'],
    ]);
    expect(kept[0]).toMatchObject({ saved_at: '2026-11-21T10:00:00.000Z', saved_by: INITIAL_VERSION_SAVER });
    expect((await revisions()).at(-1)).toMatchObject({ id: 0, section: 'initial' });

    const answer = await restore(0);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ revision: 3, facts: defaultSiteFacts });
    // New saves go on numbering after the old ones on both engines.
    expect((await saveDetails('After Upgrade Tutors')).revision).toBe(4);
  });

  it('leaves alone a database with no saves, and one whose first save has aged out', async () => {
    subject = await createTestApp({ env: { ADMIN_API_KEY: KEY } });
    const db = subject.database.db;
    await keepFirstVersion(db as never);
    expect(await rows()).toEqual([]);

    // Two saves of the previous release, the first since deleted as too old.
    for (const section of ['faq', 'hours']) {
      await db
        .insertInto('site_facts_revisions')
        .values({
          facts: JSON.stringify(defaultSiteFacts),
          section,
          restored_from: null,
          saved_at: '2026-11-21T10:00:00.000Z',
          saved_by: 'Sam Owner',
        })
        .execute();
    }
    await db.deleteFrom('site_facts_revisions').where('id', '=', 1).execute();
    await saveDetails('Later Tutors');
    const before = await rows();
    await keepFirstVersion(db as never);
    expect(await rows()).toEqual(before);
    expect(before.some((row) => row.section === 'initial')).toBe(false);
  });

  it('answers 404, not 400 or 500, for a version that is not a number or not kept', async () => {
    subject = await createTestApp({ env: { ADMIN_API_KEY: KEY } });
    for (const id of ['0', '00', '-1', '1.5', 'abc', '9999999999999999']) {
      const answer = await subject.app.inject({
        method: 'POST',
        url: `/api/admin/site/revisions/${id}/restore`,
        headers: key,
      });
      expect(answer.statusCode, id).toBe(404);
      expect(answer.json().error).toBe(`There is no saved version ${id} of the site details.`);
    }
  });
});
