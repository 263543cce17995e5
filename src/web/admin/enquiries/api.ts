import type {
  Enquiry,
  EnquiryCounts,
  EnquiryPage,
  EnquiryUpdate,
  MailStatus,
  StaffNote,
  StaffNoteInput,
} from '../../../shared/enquiries/admin-schemas';
import type { EnquiryStage, Stage, StageMove } from '../../../shared/enquiries/stages';
import { useAdminCalls } from '../session';
import { type AdminTransport, search } from '../transport';

export interface InboxQuery {
  q: string;
  type?: string;
  reviewed?: string;
  stage?: Stage;
  page: number;
  pageSize: number;
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

/** The API contract's name for enquiries (decision 0023); the code calls them enquiries. */
const enquiriesUrl = '/api/contact-submissions';

/** The inbox's calls: list, count, change, note, retry the mail, delete, export. */
export function enquiriesApi({ json, send }: AdminTransport) {
  return {
    list: (query: InboxQuery) => json<EnquiryPage>('GET', `${enquiriesUrl}${search({ ...query })}`),
    counts: (q: string) => json<EnquiryCounts>('GET', `${enquiriesUrl}/counts${search({ q })}`),
    update: (id: number, changes: EnquiryUpdate) => json<Enquiry>('PUT', `${enquiriesUrl}/${id}`, changes),
    remove: async (id: number) => void (await send('DELETE', `${enquiriesUrl}/${id}`)),
    addNote: (id: number, note: StaffNoteInput) => json<StaffNote>('POST', `${enquiriesUrl}/${id}/notes`, note),
    retryNotification: (id: number) => json<MailStatus>('POST', `${enquiriesUrl}/${id}/notification/retry`),
    moveStage: (id: number, move: StageMove) => json<EnquiryStage>('POST', `${enquiriesUrl}/${id}/stage`, move),
    /** Tells the server the card was opened from a nudge's link (the access log); a failure changes nothing on screen. */
    openedFromNudge: (id: number) =>
      send('POST', `${enquiriesUrl}/${id}/opened-from-nudge`).then(
        () => undefined,
        () => undefined,
      ),
    /** Fetched (with the session) and handed to the browser as a download under the server's name. */
    downloadCsv: async (query: Pick<InboxQuery, 'q' | 'type' | 'reviewed' | 'stage'>) =>
      saveDownload(await send('GET', `${enquiriesUrl}/export.csv${search({ ...query })}`), 'submissions.csv'),
  };
}

export type EnquiriesApi = ReturnType<typeof enquiriesApi>;

export const useEnquiriesApi = () => useAdminCalls(enquiriesApi);
