import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app';

interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, { parameters?: { name: string; in: string }[]; requestBody?: unknown }>>;
}

describe('GET /api/openapi.json', () => {
  let subject: TestApp;
  let document: OpenApiDocument;

  beforeAll(async () => {
    subject = await createTestApp();
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
});
