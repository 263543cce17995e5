import { z } from 'zod';
import { bodyOf } from '../response-schema';
import type { BlogCategoryCount, BlogPost, BlogPostSummary, BlogRevision } from './blog';

/** The blog's answers as the API sends them (decision 0069); the types in blog.ts are what clients read. */
const summaryShape = {
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  author: z.string(),
  category: z.string(),
  tags: z.string().nullable(),
  featuredImage: z.string().nullable(),
  metaTitle: z.string().nullable(),
  metaDescription: z.string().nullable(),
  published: z.enum(['true', 'false']),
  createdAt: z.string(),
  publishedAt: z.string().nullable(),
  updatedAt: z.string(),
};

export const blogPostSummarySchema = bodyOf<BlogPostSummary>()(z.object(summaryShape));
export const blogPostSchema = bodyOf<BlogPost>()(
  z.object({ ...summaryShape, content: z.string().describe('Sanitised HTML') }),
);
export const blogCategoryCountSchema = bodyOf<BlogCategoryCount>()(
  z.object({ category: z.string(), count: z.number().int() }),
);
export const blogRevisionSchema = bodyOf<BlogRevision>()(
  z.object({ id: z.number().int(), title: z.string(), savedAt: z.string() }),
);
