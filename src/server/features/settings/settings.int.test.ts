import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { createSettingsRepo } from './repo';
import { defaultSiteFacts } from '../../../shared/site-facts/defaults';

describe('GET /api/settings/:key', () => {
  let subject: TestApp;
  beforeAll(async () => {
    subject = await createTestApp();
  });
  afterAll(() => subject.close());

  it.each([
    ['site_logo', ''],
    ['show_site_logo', 'false'],
    ['brand_text', 'Northstar Tutors'],
    ['show_brand_text', 'true'],
  ])('answers the default of %s before staff change it', async (key, value) => {
    const response = await subject.app.inject(`/api/settings/${key}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ key, value });
  });

  it('answers the stored value once set, and keeps one row per key', async () => {
    const repo = createSettingsRepo(
      subject.database.db,
      () => new Date(),
      async () => defaultSiteFacts.details.name,
    );
    await repo.set('brand_text', 'Bright Minds');
    await repo.set('brand_text', 'Bright Minds Academy');
    const response = await subject.app.inject('/api/settings/brand_text');
    expect(response.json()).toEqual({ key: 'brand_text', value: 'Bright Minds Academy' });
    const rows = await subject.database.db.selectFrom('settings').selectAll().execute();
    expect(rows).toHaveLength(1);
  });

  it('answers 404 with the error contract for an unknown key', async () => {
    const response = await subject.app.inject('/api/settings/admin_api_key');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'There is no setting called "admin_api_key".', code: 'NOT_FOUND' });
  });
});
