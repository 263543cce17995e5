import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlogPost } from '../../../shared/blog/blog';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { adminHeaders, postInput, testAdminKey } from '../../../../tests/support/blog-factory';

/** The one rule for dates we store (decision 0047): a year from 1900 to 9999, in UTC. */
describe('publication times outside the years 1900 to 9999 are refused', () => {
  let subject: TestApp;
  beforeAll(async () => {
    subject = await createTestApp({ env: { ADMIN_API_KEY: testAdminKey } });
  });
  afterAll(() => subject.close());

  const create = (publishedAt: string, title = 'Fees for the year 10000') =>
    subject.app.inject({
      method: 'POST',
      url: '/api/admin/blog',
      headers: adminHeaders,
      payload: postInput({ title, publishedAt }),
    });

  it.each([
    // Stored as +010000-…, which sorted before 2026 as text: the post was public at once.
    '9999-12-31T23:00-02:00',
    '1800-06-01T12:00',
    '1899-12-31T23:59:59Z',
    '0001-01-01T00:00',
  ])('%s answers 400 naming publishedAt, and stores nothing', async (publishedAt) => {
    const response = await create(publishedAt);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'publishedAt' });
    expect(response.json<{ error: string }>().error).toBe('Publication time must be between the years 1900 and 9999');
    const stored = await subject.database.db.selectFrom('blog_posts').select('id').execute();
    expect(stored).toHaveLength(0);
  });

  it('keeps the far end of the range as a scheduled post, not a public one', async () => {
    const response = await create('9999-12-31T20:00:00Z', 'Far future');
    expect(response.statusCode).toBe(201);
    expect(response.json<BlogPost>().publishedAt).toBe('9999-12-31T20:00:00.000Z');
    const list = await subject.app.inject('/api/blog');
    expect(list.body).not.toContain('Far future');
    expect((await create('1900-01-01T00:00:00Z', 'Long ago')).statusCode).toBe(201);
  });
});
