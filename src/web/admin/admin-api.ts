import type { AccessLogPage } from '../../shared/access-log/access-log';
import type { BinKind, BinList, ImageUsage } from '../../shared/bin/bin';
import type { BlogPost, BlogRevision } from '../../shared/blog/blog';
import type { BlogPostInput } from '../../shared/blog/schemas';
import type {
  Enquiry,
  EnquiryCounts,
  EnquiryPage,
  EnquiryUpdate,
  MailStatus,
  StaffNote,
  StaffNoteInput,
} from '../../shared/enquiries/admin-schemas';
import type { ImageCategory, ImageRecord } from '../../shared/images/images';
import type { SettingKey, SettingValue } from '../../shared/settings/settings';
import type {
  CurrentSiteFacts,
  SiteFactSection,
  SiteFacts,
  SiteFactsRevision,
} from '../../shared/site-facts/site-facts';
import { type AdminSessionStatus, csrfHeader, sessionStatusPath } from '../../shared/admin-session';
import type { ApiTokenCreate, InvitationCreate } from '../../shared/staff/schemas';
import type {
  ApiTokenRecord,
  CreatedApiToken,
  InvitationView,
  PasskeyCeremony,
  StaffAccount,
  StaffInvitation,
  StaffPasskey,
  StaffRole,
} from '../../shared/staff/staff';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { HttpError, apiRequest, getJson } from '../lib/http';

/** What staff see when the key they typed at sign-in is wrong (a 401), on the sign-in form. */
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

/** The pages a site-facts preview can show. */
export type SitePreviewPage = 'home' | 'contact';

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
 * Every call the admin screens make. The session cookie goes with each (the browser sends it) and
 * the session's CSRF token with each in a header (writes are refused without it); the first 401
 * (the session ended) calls `onUnauthorized` before the error reaches the screen, once however many
 * calls were under way. Each answered call is activity that restarts the idle clock.
 */
export function createAdminApi(
  csrfToken: string,
  { onUnauthorized, onActivity }: { onUnauthorized: () => void; onActivity: (at: number) => void },
) {
  let refused = false;
  const refuse = () => {
    if (refused) return;
    refused = true;
    onUnauthorized();
  };
  async function send(method: string, url: string, body?: unknown): Promise<Response> {
    try {
      const response = await apiRequest(method, url, body, { [csrfHeader]: csrfToken });
      onActivity(Date.now());
      return response;
    } catch (error) {
      // Any answer but a 401 means the session was alive and has been used.
      if (error instanceof HttpError && error.status !== 401) onActivity(Date.now());
      if (isUnauthorized(error)) refuse();
      throw error;
    }
  }
  const json = async <T>(method: string, url: string, body?: unknown) =>
    (await (await send(method, url, body)).json()) as T;

  const submissions = '/api/contact-submissions';
  return {
    /**
     * Asks whether the session is still alive (when it would have ended without activity); an
     * ended one is refused like a 401. A network failure says nothing: the next call will tell.
     */
    checkSession: async () => {
      const status = await getJson<AdminSessionStatus>(sessionStatusPath).catch(() => undefined);
      if (status?.signedIn === false) refuse();
      else if (status) onActivity(Date.now());
    },
    submissions: {
      list: (query: InboxQuery) => json<EnquiryPage>('GET', `${submissions}${search({ ...query })}`),
      counts: (q: string) => json<EnquiryCounts>('GET', `${submissions}/counts${search({ q })}`),
      update: (id: number, changes: EnquiryUpdate) => json<Enquiry>('PUT', `${submissions}/${id}`, changes),
      remove: async (id: number) => void (await send('DELETE', `${submissions}/${id}`)),
      addNote: (id: number, note: StaffNoteInput) => json<StaffNote>('POST', `${submissions}/${id}/notes`, note),
      retryNotification: (id: number) => json<MailStatus>('POST', `${submissions}/${id}/notification/retry`),
      /** Fetched (with the session) and handed to the browser as a download under the server's name. */
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
        return (await json<{ images: ImageRecord[] }>('GET', `/api/admin/images${query}`)).images;
      },
      upload: (image: NewImage) => json<ImageRecord>('POST', '/api/admin/images', imageForm(image)),
      update: (id: number, changes: { altText: string; category: ImageCategory }) =>
        json<ImageRecord>('PATCH', `/api/admin/images/${id}`, changes),
      remove: async (id: number) => void (await send('DELETE', `/api/admin/images/${id}`)),
      usage: (id: number) => json<ImageUsage>('GET', `/api/admin/images/${id}/usage`),
    },
    bin: {
      list: async () => (await json<BinList>('GET', '/api/admin/bin')).items,
      restore: async (kind: BinKind, id: number) => void (await send('POST', `/api/admin/bin/${kind}/${id}/restore`)),
      purge: async (kind: BinKind, id: number) => void (await send('DELETE', `/api/admin/bin/${kind}/${id}`)),
    },
    staff: {
      accounts: () => json<StaffAccount[]>('GET', '/api/admin/staff/accounts'),
      changeAccount: (id: number, change: { roles?: StaffRole[]; disabled?: boolean }) =>
        json<StaffAccount>('PATCH', `/api/admin/staff/accounts/${id}`, change),
      invitations: () => json<StaffInvitation[]>('GET', '/api/admin/staff/invitations'),
      invite: (invitation: InvitationCreate) =>
        json<{ invitation: StaffInvitation; link: string; mailed: boolean }>(
          'POST',
          '/api/admin/staff/invitations',
          invitation,
        ),
      withdrawInvitation: async (id: number) => void (await send('DELETE', `/api/admin/staff/invitations/${id}`)),
      tokens: () => json<ApiTokenRecord[]>('GET', '/api/admin/api-tokens'),
      createToken: (token: ApiTokenCreate) => json<CreatedApiToken>('POST', '/api/admin/api-tokens', token),
      revokeToken: async (id: number) => void (await send('DELETE', `/api/admin/api-tokens/${id}`)),
      me: () => json<StaffAccount>('GET', '/api/admin/staff/me'),
      changePassword: async (change: { current?: string; password: string }) =>
        void (await send('PUT', '/api/admin/staff/me/password', change)),
      authenticatorOptions: () =>
        json<InvitationView['authenticator']>('POST', '/api/admin/staff/me/authenticator/options'),
      setAuthenticator: async (secret: string, code: string) =>
        void (await send('PUT', '/api/admin/staff/me/authenticator', { secret, code })),
      passkeys: () => json<StaffPasskey[]>('GET', '/api/admin/staff/me/passkeys'),
      passkeyOptions: () =>
        json<PasskeyCeremony<PublicKeyCredentialCreationOptionsJSON>>('POST', '/api/admin/staff/me/passkeys/options'),
      addPasskey: (challenge: string, answer: unknown) =>
        json<StaffPasskey[]>('POST', '/api/admin/staff/me/passkeys', { challenge, answer }),
      removePasskey: async (id: number) => void (await send('DELETE', `/api/admin/staff/me/passkeys/${id}`)),
      accessLog: (query: { actor?: string; enquiry?: string; page: number }) =>
        json<AccessLogPage>('GET', `/api/admin/access-log${search(query)}`),
    },
    /** The centre's facts (decision 0059): read, save a section, preview it, list and restore saves. */
    site: {
      current: () => json<CurrentSiteFacts>('GET', '/api/admin/site'),
      save: <Section extends SiteFactSection>(section: Section, basedOn: number | null, value: SiteFacts[Section]) =>
        json<CurrentSiteFacts>('PUT', `/api/admin/site/${section}`, { basedOn, value }),
      /** The home or contact page as HTML with the section's unsaved values, for the sandboxed frame. */
      preview: async <Section extends SiteFactSection>(
        section: Section,
        page: SitePreviewPage,
        value: SiteFacts[Section],
      ) => (await send('POST', `/api/admin/site/${section}/preview${search({ page })}`, { value })).text(),
      revisions: () => json<SiteFactsRevision[]>('GET', '/api/admin/site/revisions'),
      restore: (id: number) => json<CurrentSiteFacts>('POST', `/api/admin/site/revisions/${id}/restore`),
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
