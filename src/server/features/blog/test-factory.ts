import type { BlogPostInput } from '../../../shared/blog-schema';

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
