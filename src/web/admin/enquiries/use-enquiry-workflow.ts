import { useQueryClient } from '@tanstack/react-query';
import type { EnquiryPage, InboxEnquiry, StaffNoteInput } from '../../../shared/enquiries/admin-schemas';
import { useAdminMutation } from '../admin-mutation';
import { adminQueryKey } from '../queries';
import { useEnquiriesApi } from './api';

/** Reviewed or replied, on or off: one click on a card. */
export interface MarkChange {
  id: number;
  mark: 'reviewed' | 'replied';
  on: boolean;
}

/**
 * The card as the server will answer it (decision 0066): replied implies reviewed, unreviewed
 * implies not replied. Who and when wait for the answer.
 */
function marked(item: InboxEnquiry, { mark, on }: MarkChange): InboxEnquiry {
  const flag = on ? 'true' : 'false';
  if (mark === 'replied') return { ...item, replied: flag, reviewed: on ? 'true' : item.reviewed };
  return { ...item, reviewed: flag, replied: on ? item.replied : 'false' };
}

/**
 * The one-click actions on an enquiry card: reviewed and replied on/off (optimistic: the card changes at once
 * and changes back, with a toast, if the server refuses), adding a staff note, and retrying the
 * staff notification e-mail. `listKey` is the query key of the page the card is on. Each refreshes
 * the inbox once settled, so the tiles' counts (and the Unreviewed filter) follow the server.
 */
export function useEnquiryWorkflow(listKey: readonly unknown[]) {
  const enquiries = useEnquiriesApi();
  const queryClient = useQueryClient();

  const setMark = useAdminMutation({
    mutationFn: ({ id, mark, on }: MarkChange) => enquiries.update(id, { [mark]: on ? 'true' : 'false' }),
    failure: { title: 'Failed to update submission.', form: 'status' },
    invalidates: [adminQueryKey],
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: listKey });
      const before = queryClient.getQueryData<EnquiryPage>(listKey);
      queryClient.setQueryData<EnquiryPage>(listKey, (page) =>
        page
          ? { ...page, items: page.items.map((item) => (item.id === change.id ? marked(item, change) : item)) }
          : page,
      );
      return { before };
    },
    onError: (_error, _variables, context) => {
      if (context?.before) queryClient.setQueryData(listKey, context.before);
    },
  });

  // Said beside the note box rather than in a toast, which would sit over the next card's box.
  const addNote = useAdminMutation({
    mutationFn: ({ id, note }: { id: number; note: StaffNoteInput }) => enquiries.addNote(id, note),
    failure: { title: 'Failed to add note.', form: 'status' },
    invalidates: [adminQueryKey],
  });

  const retryMail = useAdminMutation({
    mutationFn: (id: number) => enquiries.retryNotification(id),
    success: { title: 'The staff e-mail will be sent again now.' },
    failure: { title: 'Failed to retry the e-mail.', form: 'status' },
    invalidates: [adminQueryKey],
  });

  return { setMark, addNote, retryMail };
}
