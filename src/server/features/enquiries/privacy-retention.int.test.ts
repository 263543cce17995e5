import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/app';

describe('the privacy page states the retention period', () => {
  let subject: TestApp;
  beforeAll(async () => {
    subject = await createTestApp({ env: { RETENTION_MONTHS: '18' } });
  });
  afterAll(() => subject.close());

  it('says the configured number of months in the server-rendered HTML', async () => {
    const response = await subject.app.inject('/privacy');
    expect(response.statusCode).toBe(200);
    expect(response.body).toMatch(
      /for <!-- -->18<!-- --> months from the day you send them|for 18 months from the day/,
    );
  });
});
