import { expect, test } from './fixtures';
import { type RunningServer, startServer } from './server';

/** The key the blog specs' own server starts with (the shared server generates an unknown one). */
export const BLOG_KEY = 'e2e-blog-key-0123456789abcdefghij';
export const blogAdminHeaders = { 'x-api-key': BLOG_KEY };

/**
 * Gives the spec file its own server with a known admin key, and points the fixtures' baseURL at
 * it for the file's tests (this worker's environment only), restoring the shared one afterwards.
 */
export function useBlogServer(env: Record<string, string> = {}): () => RunningServer {
  let server: RunningServer;
  let shared: string | undefined;
  test.beforeAll(async () => {
    test.setTimeout(60_000);
    server = await startServer({ ADMIN_API_KEY: BLOG_KEY, ...env });
    shared = process.env.E2E_BASE_URL;
    process.env.E2E_BASE_URL = server.baseUrl;
  });
  test.afterAll(async () => {
    process.env.E2E_BASE_URL = shared;
    await server.stop();
    server.remove();
  });
  return () => server;
}

/** Publishes one post on the spec's server before the file's tests (the admin API's fields; author and status filled in). */
export function publishBeforeAll(post: { title: string; excerpt: string; content: string; category: string }): void {
  test.beforeAll(async ({ playwright }) => {
    const request = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
    const response = await request.post('/api/admin/blog', {
      headers: blogAdminHeaders,
      data: { author: 'Jane Smith', published: 'true', ...post },
    });
    expect(response.status()).toBe(201);
    await request.dispose();
  });
}
