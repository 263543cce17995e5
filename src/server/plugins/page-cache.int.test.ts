import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSettingsRepo } from '../features/settings/repo';
import { createTestApp, type TestApp } from '../../../tests/support/app';

describe('page cache in the app', () => {
  let subject: TestApp;
  beforeAll(async () => {
    subject = await createTestApp({ env: { PAGE_CACHE_MS: '60000' } });
  });
  afterAll(() => subject.close());

  it('answers repeated requests from the cache, and any successful API write clears it', async () => {
    const settings = createSettingsRepo(subject.database.db);
    expect((await subject.app.inject('/')).body).toContain('>Northstar</span>');

    // Changed behind the API's back: the cached page is still served.
    await settings.set('brand_text', 'Bright Minds');
    expect((await subject.app.inject('/')).body).toContain('>Northstar</span>');

    // A failed write leaves the cache alone.
    expect((await subject.app.inject({ method: 'POST', url: '/api/nowhere' })).statusCode).toBe(404);
    expect((await subject.app.inject('/')).body).toContain('>Northstar</span>');
  });

  it('keeps the 404 status of a cached Not-found page', async () => {
    expect((await subject.app.inject('/missing')).statusCode).toBe(404);
    expect((await subject.app.inject('/missing')).statusCode).toBe(404);
  });
});
