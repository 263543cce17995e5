import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, routeTable, type TestApp } from '../../../../tests/support/app';
import { seedEnquiry } from '../../../../tests/support/enquiries-factory';
import { enqueueEmail } from '../../mail/outbox';

const KEY = 'binned-routes-test-key-0123456789';

/** A valid body for each enquiry route that takes one, so only the Bin can make it answer 404. */
const bodies: Record<string, object> = {
  'PUT /api/contact-submissions/:id': { reviewed: 'true' },
  'POST /api/contact-submissions/:id/notes': { text: 'Rang back.' },
  'POST /api/contact-submissions/:id/stage': { from: 'new', to: 'contacted' },
};

/**
 * Decision 0036: an enquiry in the Bin is gone for every route but the Bin's own. This walks
 * every route the server registers for one enquiry, so a new one is covered without a list.
 */
describe('every enquiry route treats a binned enquiry as missing (a stage move says it is in the Bin)', () => {
  const { routes, onRoute } = routeTable();
  let subject: TestApp;
  let binnedId: number;
  let liveId: number;

  beforeAll(async () => {
    subject = await createTestApp({ env: { ADMIN_API_KEY: KEY }, onRoute });
    const db = subject.database.db;
    for (const which of ['binned', 'live'] as const) {
      const { id } = await seedEnquiry(db);
      await db
        .insertInto('staff_notes')
        .values({ submission_id: id, body: 'Rang.', created_at: new Date().toISOString() })
        .execute();
      await enqueueEmail(
        db,
        {
          submissionId: id,
          recipient: 'office@example.test',
          subject: 'Enquiry',
          body: 'Details',
        },
        new Date(),
      );
      await db
        .updateTable('email_outbox')
        .set({ status: 'failed', attempts: 12, last_error: 'timeout' })
        .where('submission_id', '=', id)
        .execute();
      if (which === 'binned') binnedId = id;
      else liveId = id;
    }
    const binned = await subject.app.inject({
      method: 'DELETE',
      url: `/api/contact-submissions/${binnedId}`,
      headers: { 'x-api-key': KEY },
    });
    expect(binned.statusCode).toBe(204);
  });
  afterAll(() => subject.close());

  const enquiryRoutes = () =>
    routes.filter(({ method, url }) => url.startsWith('/api/contact-submissions/:id') && method !== 'HEAD');

  const call = (method: string, url: string, id: number) =>
    subject.app.inject({
      method: method as 'GET',
      url: url.replace(':id', String(id)),
      headers: { 'x-api-key': KEY },
      ...(bodies[`${method} ${url}`] ? { payload: bodies[`${method} ${url}`] } : {}),
    });

  it('finds the routes, notes and the notification among them', () => {
    expect(enquiryRoutes().map(({ method, url }) => `${method} ${url}`)).toEqual(
      expect.arrayContaining([
        'PUT /api/contact-submissions/:id',
        'DELETE /api/contact-submissions/:id',
        'GET /api/contact-submissions/:id/notes',
        'POST /api/contact-submissions/:id/notes',
        'GET /api/contact-submissions/:id/notification',
        'POST /api/contact-submissions/:id/notification/retry',
        'POST /api/contact-submissions/:id/stage',
      ]),
    );
  });

  it('answers 404 on every one of them for the binned enquiry, and changes nothing', async () => {
    const outboxBefore = await subject.database.db
      .selectFrom('email_outbox')
      .selectAll()
      .where('submission_id', '=', binnedId)
      .execute();
    for (const { method, url } of enquiryRoutes()) {
      const response = await call(method, url, binnedId);
      // A stage move (issue 50) says what happened instead: a screen drawn before a colleague binned it.
      const expected = url.endsWith('/stage') ? { status: 409, code: 'CONFLICT' } : { status: 404, code: 'NOT_FOUND' };
      expect({ route: `${method} ${url}`, status: response.statusCode }).toEqual({
        route: `${method} ${url}`,
        status: expected.status,
      });
      expect(response.json()).toMatchObject({ code: expected.code });
    }
    const db = subject.database.db;
    expect(
      await db.selectFrom('staff_notes').select('body').where('submission_id', '=', binnedId).execute(),
    ).toHaveLength(1);
    expect(await db.selectFrom('email_outbox').selectAll().where('submission_id', '=', binnedId).execute()).toEqual(
      outboxBefore,
    );
  });

  it('answers on every one of them for an enquiry outside the Bin', async () => {
    // DELETE last: it bins the enquiry.
    const ordered = enquiryRoutes().sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
    for (const { method, url } of ordered) {
      const response = await call(method, url, liveId);
      expect({ route: `${method} ${url}`, ok: response.statusCode < 300 }).toEqual({
        route: `${method} ${url}`,
        ok: true,
      });
    }
  });
});
