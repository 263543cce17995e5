import { describe, expect, it } from 'vitest';
import { isAdminRoute } from './admin-routes';

describe('isAdminRoute', () => {
  it.each([
    ['GET', '/api/admin/blog', false],
    ['DELETE', '/api/admin/images/:id', false],
    ['POST', '/api/settings', false],
    ['POST', '/api/logo/upload', false],
    ['PUT', '/api/contact-submissions/:id', false],
    ['patch', '/api/anything-new', false],
    ['GET', '/api/contact-submissions', true],
  ])('%s %s is an admin route (declared: %s)', (method, url, declared) => {
    expect(isAdminRoute(method, url, declared)).toBe(true);
  });

  it.each([
    ['POST', '/api/assessments'],
    ['POST', '/api/contact-submissions'],
    ['GET', '/api/blog'],
    ['GET', '/api/settings/:key'],
    ['HEAD', '/api/health'],
    ['POST', '/admin-not-api'],
    ['GET', '/api/administrators'],
  ])('%s %s is public', (method, url) => {
    expect(isAdminRoute(method, url, false)).toBe(false);
  });
});
