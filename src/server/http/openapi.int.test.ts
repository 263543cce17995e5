import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteOptions } from 'fastify';
import { createTestApp, type TestApp } from '../../../tests/support/app';

interface OpenApiOperation {
  parameters?: { name: string; in: string }[];
  requestBody?: unknown;
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, OpenApiOperation>>;
}

describe('GET /api/openapi.json', () => {
  let subject: TestApp;
  let document: OpenApiDocument;
  /** Every route the app registers, API or not, with the response schema it declares. */
  const routes: { route: string; response: unknown }[] = [];
  const onRoute = ({ method, url, schema }: RouteOptions) => {
    for (const each of [method].flat()) routes.push({ route: `${each} ${url}`, response: schema?.response });
  };

  beforeAll(async () => {
    // METRICS_TOKEN: GET /metrics exists only with it.
    subject = await createTestApp({ onRoute, env: { METRICS_TOKEN: 'openapi-test-token-0123456789' } });
    const response = await subject.app.inject('/api/openapi.json');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    document = response.json();
  });
  afterAll(() => subject.close());

  it('is an OpenAPI 3 document of the API routes only', () => {
    expect(document.openapi).toMatch(/^3\./);
    const paths = Object.keys(document.paths);
    expect(paths).toEqual(
      expect.arrayContaining(['/api/blog', '/api/assessments', '/api/contact-submissions/{id}', '/api/settings']),
    );
    expect(paths.filter((path) => !path.startsWith('/api/') || path === '/api/openapi.json')).toEqual([]);
  });

  it('describes bodies, paths and queries from the schemas the routes validate with', () => {
    const body = (path: string, method: string) => JSON.stringify(document.paths[path]?.[method]?.requestBody ?? null);
    expect(body('/api/assessments', 'post')).toContain('"firstName"');
    expect(body('/api/admin/blog', 'post')).toContain('"excerpt"');
    expect(body('/api/contact-submissions/{id}', 'put')).toContain('"reviewed"');
    expect(body('/api/contact-submissions/{id}/notes', 'post')).toContain('"text"');
    const parameters = (path: string, method: string) =>
      (document.paths[path]?.[method]?.parameters ?? []).map(({ name, in: where }) => `${where}:${name}`);
    expect(parameters('/api/contact-submissions/{id}', 'delete')).toEqual(['path:id']);
    expect(parameters('/api/admin/bin/{kind}/{id}/restore', 'post')).toEqual(['path:kind', 'path:id']);
    expect(JSON.stringify(document.paths['/api/admin/bin/{kind}/{id}']?.['delete'])).toContain('"enquiry"');
    expect(parameters('/api/blog', 'get')).toEqual(['query:page', 'query:pageSize']);
    expect(parameters('/api/blog/search', 'get')).toEqual(expect.arrayContaining(['query:q', 'query:page']));
  });

  it('lists a success answer and the one error body for every operation (decision 0069)', () => {
    const missing: string[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, { responses = {} }] of Object.entries(operations)) {
        const statuses = Object.keys(responses);
        if (!statuses.some((status) => /^[23]\d\d$/.test(status))) missing.push(`${method} ${path}: no success`);
        for (const range of ['4XX', '5XX']) {
          const schema = JSON.stringify(responses[range]?.content?.['application/json']?.schema ?? null);
          if (!schema.includes('"error"') || !schema.includes('"code"')) missing.push(`${method} ${path}: no ${range}`);
        }
      }
    }
    expect(missing).toEqual([]);
    // The answers' fields, not only their names: what a client reads is in the document.
    const answer = (path: string, method: string, status: string) =>
      JSON.stringify(document.paths[path]?.[method]?.responses?.[status] ?? null);
    expect(answer('/api/blog/{slug}', 'get', '200')).toContain('"publishedAt"');
    expect(answer('/api/assessments', 'post', '201')).toContain('"id"');
    expect(answer('/api/contact-submissions', 'get', '200')).toContain('"pageCount"');
    expect(answer('/api/admin/site', 'get', '200')).toContain('"areasCovered"');
    expect(answer('/api/staff/invitations/accept', 'post', '201')).toContain('"csrfToken"');
  });

  it('has every route declare its answers, pages and files too', () => {
    expect(routes.length).toBeGreaterThan(90);
    expect(routes.filter(({ response }) => response === undefined).map(({ route }) => route)).toEqual([]);
  });
});
