import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import packageJson from '../../../../package.json';
import { siteCommit } from '../../version';
import { createTestApp, type TestApp } from '../../../../tests/support/app';

describe('GET /api/health', () => {
  let subject: TestApp;
  beforeEach(async () => {
    subject = await createTestApp();
  });
  afterEach(() => subject.close());

  it('answers 200 ok with the running version and commit while the database answers', async () => {
    const response = await subject.app.inject('/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', version: packageJson.version, commit: siteCommit });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 when the database does not', async () => {
    await subject.database.close();
    const response = await subject.app.inject('/api/health');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'unavailable', version: packageJson.version, commit: siteCommit });
  });
});
