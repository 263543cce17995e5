import { describe, expect, it } from 'vitest';
import { blogListHref, formatPostDate, formatPostDateTime, parseBlogListQuery, postStatus, tagList } from './blog';
import { blogPostFormDefaults, blogPostInputSchema } from './schemas';

const valid = {
  title: 'Revision tips',
  excerpt: 'Short summary',
  content: '<p>Body</p>',
  author: 'Jane',
  category: 'Study Tips',
};

const firstIssue = (input: unknown) => {
  const result = blogPostInputSchema.safeParse(input);
  return result.success
    ? null
    : { path: result.error.issues[0]!.path.join('.'), message: result.error.issues[0]!.message };
};

describe('blog post schema (docs/product.md#blog-form)', () => {
  it.each([
    ['title', 'Title is required'],
    ['excerpt', 'Excerpt is required'],
    ['content', 'Content is required'],
    ['author', 'Author is required'],
    ['category', 'Category is required'],
  ])('requires %s with the message %j, whether missing, empty or blank', (field, message) => {
    for (const value of [undefined, '', '   ']) {
      expect(firstIssue({ ...valid, [field]: value })).toEqual({ path: field, message });
    }
  });

  it('treats an editor body with no text or image as empty', () => {
    expect(firstIssue({ ...valid, content: '<p></p>' })).toEqual({ path: 'content', message: 'Content is required' });
    expect(firstIssue({ ...valid, content: '<p>&nbsp;</p>' })).toEqual({
      path: 'content',
      message: 'Content is required',
    });
    expect(firstIssue({ ...valid, content: '<p><img src="/uploads/a.webp" alt=""></p>' })).toBeNull();
  });

  it('defaults published to true and empties missing optional fields', () => {
    const parsed = blogPostInputSchema.parse(valid);
    expect(parsed).toMatchObject({ published: 'true', slug: '', tags: '', featuredImage: '', metaTitle: '' });
  });

  it('refuses a status other than the strings true and false', () => {
    expect(firstIssue({ ...valid, published: true })?.path).toBe('published');
    expect(firstIssue({ ...valid, published: 'yes' })?.path).toBe('published');
  });

  it.each([
    'javascript:alert(1)',
    'data:image/png;base64,AAAA',
    'http://insecure.example/a.png',
    '//evil.example/a.png',
  ])('refuses the featured image %j', (featuredImage) => {
    expect(firstIssue({ ...valid, featuredImage })?.path).toBe('featuredImage');
  });

  it('accepts a site path or an https featured image', () => {
    expect(firstIssue({ ...valid, featuredImage: '/uploads/photo.webp' })).toBeNull();
    expect(firstIssue({ ...valid, featuredImage: 'https://images.example/photo.jpg' })).toBeNull();
  });

  it('has the form defaults docs/product.md#blog-admin names', () => {
    expect(blogPostFormDefaults('Northstar Tutors')).toMatchObject({
      author: 'Northstar Tutors',
      category: 'General',
      published: 'true',
      title: '',
    });
  });
});

describe('blog list addresses', () => {
  it('reads q, category and page, ignoring junk pages', () => {
    expect(parseBlogListQuery(new URLSearchParams('q=%20maths%20&category=Exam+Prep&page=3'))).toEqual({
      q: 'maths',
      category: 'Exam Prep',
      page: 3,
    });
    expect(parseBlogListQuery(new URLSearchParams('page=-2'))).toEqual({ page: 1 });
    expect(parseBlogListQuery(new URLSearchParams('page=abc&q='))).toEqual({ page: 1 });
  });

  it('writes one address per list, leaving out page 1', () => {
    expect(blogListHref({ page: 1 })).toBe('/blog');
    expect(blogListHref({ category: 'Exam Prep', page: 2 })).toBe('/blog?category=Exam+Prep&page=2');
    expect(blogListHref({ q: 'a&b' })).toBe('/blog?q=a%26b');
  });
});

describe('blog formatting', () => {
  it('formats dates the en-GB way in UK time', () => {
    expect(formatPostDate('2026-11-21T10:00:00.000Z')).toBe('21 November 2026');
    // 23:30 UTC on 30 June is already 1 July in British Summer Time.
    expect(formatPostDate('2026-06-30T23:30:00.000Z')).toBe('1 July 2026');
    expect(formatPostDateTime('2026-11-21T14:05:00.000Z')).toBe('21 Nov 2026, 14:05');
  });

  it('splits tags, trimming blanks and repeats', () => {
    expect(tagList(' GCSE, maths,,GCSE , ')).toEqual(['GCSE', 'maths']);
    expect(tagList(null)).toEqual([]);
  });
});

describe('the status the admin list gives a post', () => {
  const at = '2026-11-23T13:00:00.000Z';
  const second = 1000;

  it('calls a published post with a time still to come Scheduled, and Published from that time on', () => {
    const scheduled = { published: 'true', publishedAt: at } as const;
    expect(postStatus(scheduled, new Date(Date.parse(at) - second))).toBe('Scheduled');
    expect(postStatus(scheduled, new Date(at))).toBe('Published');
    expect(postStatus(scheduled, new Date(Date.parse(at) + second))).toBe('Published');
  });

  it('calls a post without a time Published, and an unpublished one Draft whatever its time', () => {
    expect(postStatus({ published: 'true', publishedAt: null }, new Date(at))).toBe('Published');
    expect(postStatus({ published: 'false', publishedAt: at }, new Date(Date.parse(at) - second))).toBe('Draft');
    expect(postStatus({ published: 'false', publishedAt: null }, new Date(at))).toBe('Draft');
  });
});
