import type { BlogPost } from '../../../shared/blog';
import type { BlogPostInput } from '../../../shared/blog-schema';
import { HttpError, apiRequest } from '../../lib/http';

/** A message staff can act on: the server's own error text when it sent one. */
export function serverMessage(error: unknown, fallback: string): string {
  if (error instanceof HttpError) return error.body?.error ?? error.message;
  return error instanceof Error && error.message ? error.message : fallback;
}

/** The admin blog calls of SPEC.md section 7; each carries the signed-in key. */
export function createBlogAdminApi(apiKey: string | null) {
  const headers = (): Record<string, string> => {
    if (!apiKey) throw new Error('Admin authentication required');
    return { 'x-api-key': apiKey };
  };
  return {
    async list(): Promise<BlogPost[]> {
      const auth = headers();
      try {
        return (await (await apiRequest('GET', '/api/admin/blog', undefined, auth)).json()) as BlogPost[];
      } catch (error) {
        throw new Error('Failed to fetch blog posts', { cause: error });
      }
    },
    async create(input: BlogPostInput): Promise<BlogPost> {
      return (await (await apiRequest('POST', '/api/admin/blog', input, headers())).json()) as BlogPost;
    },
    async update(id: number, input: BlogPostInput): Promise<BlogPost> {
      return (await (await apiRequest('PUT', `/api/admin/blog/${id}`, input, headers())).json()) as BlogPost;
    },
    async remove(id: number): Promise<void> {
      await apiRequest('DELETE', `/api/admin/blog/${id}`, undefined, headers());
    },
    /** Uploads a featured image to the image library (the images feature) and answers its path. */
    async uploadImage(file: File): Promise<string> {
      const form = new FormData();
      form.append('image', file);
      form.append('category', 'blog');
      form.append('altText', '');
      const image = (await (await apiRequest('POST', '/api/admin/images', form, headers())).json()) as { path: string };
      return image.path;
    },
  };
}
