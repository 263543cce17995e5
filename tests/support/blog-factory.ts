import type { BlogPostInput } from '../../src/shared/blog/schemas';

let counter = 0;

/** A valid post body for the admin API; override what a test cares about. */
export function postInput(overrides: Partial<Record<keyof BlogPostInput, unknown>> = {}): Record<string, unknown> {
  counter += 1;
  return {
    title: `Revision tips number ${counter}`,
    excerpt: 'How to revise well.',
    content: '<p>Short, regular sessions <strong>work</strong>.</p>',
    author: 'Jane Tutor',
    category: 'Study Tips',
    published: 'true',
    tags: 'revision, GCSE',
    ...overrides,
  };
}

/** The key the blog's integration tests start the app with (admin routes need it, decision 0005). */
export const testAdminKey = 'blog-test-key-0123456789abcdef';
export const adminHeaders = { 'x-api-key': testAdminKey };
