import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enquiryForms } from '../../shared/enquiries/form-post';
import { paths } from '../../shared/routes';
import { createTestApp, routeTable, type TestApp } from '../../../tests/support/app';
import { requestFor } from '../../../tests/support/fuzz-requests';

const KEY = 'fuzz-admin-key-0123456789abcdef';
/** Fixed, so a failure found in CI is found again on a laptop; FUZZ_SEED to explore. */
const seed = Number(process.env.FUZZ_SEED ?? 20261123);
/** FUZZ_RUNS=10000 for a long run; the default keeps `npm test` quick. */
const numRuns = Number(process.env.FUZZ_RUNS ?? 1500);

const formPages = new Set(Object.values(enquiryForms).map((form) => form.page));
/** The booking links' pages (issue 41) and the waiting list's (issue 51): a person reads every answer, so each refusal is the page. */
const linkPages = new Set<string>([
  paths.freeAssessmentCancel,
  paths.freeAssessmentChange,
  paths.freeAssessmentWaiting,
  paths.freeAssessmentWaitingList,
]);
/** The path a request reaches, read as light-my-request reads it: `/\free-assessment?…` names a host, and reaches `/`. */
const pathOf = (url: InjectOptions['url']) => {
  if (typeof url !== 'string') return url?.pathname;
  try {
    return new URL(url, 'http://localhost').pathname;
  } catch {
    return undefined;
  }
};

/** What a failing answer looked like, for the report. */
function problemWith(request: InjectOptions, response: LightMyRequestResponse): string | undefined {
  if (response.statusCode >= 500) return `status ${response.statusCode}`;
  if (response.statusCode < 400 || request.method === 'HEAD') return undefined;
  const type = String(response.headers['content-type'] ?? '');
  // The Not-found page is HTML by design, and so is a form posted without script that was not sent
  // (its page again, decision 0062), and a booking link's page; every other error is our JSON.
  if (type.startsWith('text/html') && response.statusCode === 404) return undefined;
  if (type.startsWith('text/html') && request.method === 'POST' && formPages.has(pathOf(request.url) ?? '')) {
    return undefined;
  }
  if (type.startsWith('text/html') && linkPages.has(pathOf(request.url) ?? '')) return undefined;
  if (!type.startsWith('application/json')) return `error answered as ${type || 'no content type'}`;
  const body = response.json<Record<string, unknown>>();
  if (typeof body.error !== 'string' || typeof body.code !== 'string') return 'error without { error, code }';
  if ('field' in body && typeof body.field !== 'string') return 'field is not text';
  return undefined;
}

describe('HTTP fuzzing over every registered route', () => {
  const { routes, onRoute } = routeTable();
  let subject: TestApp;
  beforeAll(async () => {
    subject = await createTestApp({
      env: { ADMIN_API_KEY: KEY },
      onRoute,
    });
  });
  afterAll(() => subject.close());

  it('collects the routes from the app itself', () => {
    expect(routes.map((route) => `${route.method} ${route.url}`)).toEqual(
      expect.arrayContaining(['POST /api/contact-submissions', 'GET /images/:id/:token/:file', 'GET /*']),
    );
  });

  it(
    `answers ${numRuns} hostile requests below 500, errors in our shape (seed ${seed})`,
    { timeout: 600_000 },
    async () => {
      const statuses = new Map<number, number>();
      await fc.assert(
        fc.asyncProperty(requestFor(routes, KEY), async (request) => {
          const response = await subject.app.inject(request);
          statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
          const problem = problemWith(request, response);
          if (problem) throw new Error(`${problem}: ${request.method} ${request.url}\n${response.body.slice(0, 300)}`);
        }),
        { seed, numRuns, endOnFailure: true },
      );
      if (process.env.FUZZ_RUNS) {
        const counts = [...statuses].sort(([a], [b]) => a - b).map(([status, count]) => `${status}: ${count}`);
        console.log(`fuzz ${process.env.TEST_DB}: ${numRuns} requests, ${counts.join(', ')}`);
      }
    },
  );
});
