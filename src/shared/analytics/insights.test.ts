import { describe, expect, it } from 'vitest';
import { pageName } from './insights';
import { NOT_FOUND_PAGE } from './page-shown';

describe('page names on Insights', () => {
  it('names the not-found page where every missing page’s showing is counted, and a menu page by the menu', () => {
    expect(pageName(NOT_FOUND_PAGE)).toBe('Page not found');
    expect(pageName('/exam-resits')).toBe('Exam Resits');
    expect(pageName('/blog/a-post')).toBe('/blog/a-post');
  });
});
