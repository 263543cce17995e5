import type { BlogPost, BlogRevision } from '../../../shared/blog/blog';
import type { BlogPostInput } from '../../../shared/blog/schemas';
import { useAdminCalls } from '../session';
import type { AdminTransport } from '../transport';

/** The blog screen's calls: posts, their previews and revisions. */
export function blogApi({ json, send }: AdminTransport) {
  return {
    list: () => json<BlogPost[]>('GET', '/api/admin/blog'),
    create: (input: BlogPostInput) => json<BlogPost>('POST', '/api/admin/blog', input),
    update: (id: number, input: BlogPostInput) => json<BlogPost>('PUT', `/api/admin/blog/${id}`, input),
    remove: async (id: number) => void (await send('DELETE', `/api/admin/blog/${id}`)),
    /**
     * The public page for a post, as HTML: the form's unsaved values when given, else the saved
     * post. Fetched with the session's credentials and shown in a sandboxed frame (PreviewDialog).
     */
    preview: async ({ id, input }: { id?: number; input?: BlogPostInput }) => {
      const url = id === undefined ? '/api/admin/blog/preview' : `/api/admin/blog/${id}/preview`;
      return (await send(input ? 'POST' : 'GET', url, input)).text();
    },
    revisions: (id: number) => json<BlogRevision[]>('GET', `/api/admin/blog/${id}/revisions`),
    restoreRevision: (id: number, revisionId: number) =>
      json<BlogPost>('POST', `/api/admin/blog/${id}/revisions/${revisionId}/restore`),
  };
}

export type BlogApi = ReturnType<typeof blogApi>;

export const useBlogApi = () => useAdminCalls(blogApi);
