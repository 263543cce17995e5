import type { BlogCategoryCount, BlogPage, BlogPost, BlogPostSummary } from '../../shared/blog';
import { blogPageSize } from '../../shared/blog';
import type { ShowcaseImages } from '../../shared/images';
import type { SettingValue } from '../../shared/settings';
import type { SiteApi } from '../../shared/site-api';
import { HttpError, getJson, throwIfNotOk } from './http';

/** A list page: the API answers the posts as an array and the totals in headers. */
async function getBlogPage(url: string): Promise<BlogPage> {
  const response = await fetch(url, { credentials: 'include' });
  await throwIfNotOk(response);
  const posts = (await response.json()) as BlogPostSummary[];
  const header = (name: string, fallback: number) => Number(response.headers.get(name) ?? fallback);
  return {
    posts,
    total: header('x-total-count', posts.length),
    page: header('x-page', 1),
    pageSize: header('x-page-size', blogPageSize),
    totalPages: header('x-total-pages', 1),
  };
}

/** The pages' data source in the browser: the public API over HTTP. */
export const httpSiteApi: SiteApi = {
  getSetting: (key) => getJson<SettingValue>(`/api/settings/${key}`),
  getBlogPage: ({ q, category, page }) => {
    const paging = `page=${page}&pageSize=${blogPageSize}`;
    if (q) return getBlogPage(`/api/blog/search?q=${encodeURIComponent(q)}&${paging}`);
    if (category) return getBlogPage(`/api/blog/category/${encodeURIComponent(category)}?${paging}`);
    return getBlogPage(`/api/blog?${paging}`);
  },
  getBlogCategories: () => getJson<BlogCategoryCount[]>('/api/blog/categories'),
  getBlogPost: async (slug) => {
    try {
      return await getJson<BlogPost>(`/api/blog/${encodeURIComponent(slug)}`);
    } catch (error) {
      if (error instanceof HttpError && error.status === 404) return null;
      throw error;
    }
  },
  getShowcaseImages: () => getJson<ShowcaseImages>('/api/images/showcase'),
  getRelatedPosts: async (slug) => {
    try {
      return await getJson<BlogPostSummary[]>(`/api/blog/${encodeURIComponent(slug)}/related`);
    } catch (error) {
      if (error instanceof HttpError && error.status === 404) return [];
      throw error;
    }
  },
};
