import type { BlogPost, BlogRevision } from '../../shared/blog';
import type { BlogPostInput } from '../../shared/blog-schemas';
import type { Enquiry, EnquiryCounts, EnquiryPage, EnquiryUpdate } from '../../shared/inbox-schemas';
import type { ImageCategory, ImageRecord } from '../../shared/images';
import type { SettingKey, SettingValue } from '../../shared/settings';
import { toast } from '../components/ui/use-toast';
import { HttpError, apiRequest, errorText } from '../lib/http';

/** What staff see when the key stops working (a 401), on the toast and the sign-in form. */
export const INVALID_KEY_MESSAGE = 'Invalid API key. Please log in again.';

export interface InboxQuery {
  q: string;
  type?: string;
  reviewed?: string;
  page: number;
  pageSize: number;
}

export interface ImageQuery {
  q: string;
  /** 'all' is sent as no category. */
  category: ImageCategory | 'all';
}

export interface NewImage {
  file: File;
  altText: string;
  category: ImageCategory;
}

const isUnauthorized = (error: unknown) => error instanceof HttpError && error.status === 401;

function search(query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

function imageForm({ file, altText, category }: NewImage): FormData {
  const form = new FormData();
  // The fields before the file: the server reads the parts in order.
  form.set('category', category);
  form.set('altText', altText);
  form.set('image', file);
  return form;
}

/** The browser downloads a fetched file under the server's suggested name. */
async function saveDownload(response: Response, fallbackName: string): Promise<void> {
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name ?? fallbackName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Every call the admin screens make. Each carries the signed-in key; the
 * first 401 (the key was rotated or is wrong) calls `onUnauthorized` before the error reaches
 * the screen, once however many calls were under way.
 */
export function createAdminApi(apiKey: string, onUnauthorized: () => void) {
  let refused = false;
  async function send(method: string, url: string, body?: unknown): Promise<Response> {
    try {
      return await apiRequest(method, url, body, { 'x-api-key': apiKey });
    } catch (error) {
      if (isUnauthorized(error) && !refused) {
        refused = true;
        onUnauthorized();
      }
      throw error;
    }
  }
  const json = async <T>(method: string, url: string, body?: unknown) =>
    (await (await send(method, url, body)).json()) as T;

  const submissions = '/api/contact-submissions';
  return {
    submissions: {
      list: (query: InboxQuery) => json<EnquiryPage>('GET', `${submissions}${search({ ...query })}`),
      counts: (q: string) => json<EnquiryCounts>('GET', `${submissions}/counts${search({ q })}`),
      update: (id: number, changes: EnquiryUpdate) => json<Enquiry>('PUT', `${submissions}/${id}`, changes),
      remove: async (id: number) => void (await send('DELETE', `${submissions}/${id}`)),
      /** The CSV needs the key header, so it is fetched and handed to the browser as a download. */
      downloadCsv: async (query: Pick<InboxQuery, 'q' | 'type' | 'reviewed'>) =>
        saveDownload(await send('GET', `${submissions}/export.csv${search({ ...query })}`), 'submissions.csv'),
    },
    blog: {
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
    },
    images: {
      list: async ({ q, category }: ImageQuery) => {
        const query = search({ q, category: category === 'all' ? undefined : category });
        return (await json<{ images: ImageRecord[] }>('GET', `/api/images${query}`)).images;
      },
      upload: (image: NewImage) => json<ImageRecord>('POST', '/api/admin/images', imageForm(image)),
      update: (id: number, changes: { altText: string; category: ImageCategory }) =>
        json<ImageRecord>('PATCH', `/api/admin/images/${id}`, changes),
      remove: async (id: number) => void (await send('DELETE', `/api/admin/images/${id}`)),
    },
    settings: {
      save: (key: SettingKey, value: string) => json<SettingValue>('POST', '/api/settings', { key, value }),
      uploadLogo: (file: File) => {
        const form = new FormData();
        form.set('logo', file);
        return json<{ logoPath: string }>('POST', '/api/logo/upload', form);
      },
    },
  };
}

export type AdminApi = ReturnType<typeof createAdminApi>;

/**
 * The destructive toast for a failed admin call: `title`, then the text in the screen's form
 * (see errorText). A 401 shows nothing here: the client has already signed out and said why.
 */
export function toastFailure(
  title: string,
  error: unknown,
  { fallback = 'Please try again.', form = 'server' }: { fallback?: string; form?: 'status' | 'server' } = {},
): void {
  if (isUnauthorized(error)) return;
  toast({ variant: 'destructive', title, description: errorText(error, fallback, form) });
}
