import type {
  ContactSubmission,
  SubmissionCounts,
  SubmissionPage,
  SubmissionUpdate,
} from '../../../shared/contact-submissions';
import { apiRequest } from '../../lib/http';

const BASE = '/api/contact-submissions';

export interface InboxQuery {
  q: string;
  type?: string;
  reviewed?: string;
  page: number;
  pageSize: number;
}

function search(query: Partial<InboxQuery>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Calls for the inbox; every one carries the signed-in key (never a built-in one). */
export function createInboxApi(apiKey: string) {
  const headers = { 'x-api-key': apiKey };
  return {
    async list(query: InboxQuery): Promise<SubmissionPage> {
      return (await apiRequest('GET', `${BASE}${search(query)}`, undefined, headers)).json();
    },
    async counts(q: string): Promise<SubmissionCounts> {
      return (await apiRequest('GET', `${BASE}/counts${search({ q })}`, undefined, headers)).json();
    },
    async update(id: number, changes: SubmissionUpdate): Promise<ContactSubmission> {
      return (await apiRequest('PUT', `${BASE}/${id}`, changes, headers)).json();
    },
    async remove(id: number): Promise<void> {
      await apiRequest('DELETE', `${BASE}/${id}`, undefined, headers);
    },
    /** The CSV needs the key header, so it is fetched and handed to the browser as a download. */
    async downloadCsv(query: Pick<InboxQuery, 'q' | 'type' | 'reviewed'>): Promise<void> {
      const response = await apiRequest('GET', `${BASE}/export.csv${search(query)}`, undefined, headers);
      const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = name ?? 'submissions.csv';
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    },
  };
}

export type InboxApi = ReturnType<typeof createInboxApi>;
