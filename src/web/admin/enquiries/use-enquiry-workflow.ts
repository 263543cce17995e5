import { useQueryClient } from '@tanstack/react-query';
import type { EnquiryPage, InboxEnquiry, StaffNoteInput } from '../../../shared/enquiries/admin-schemas';
import type { StageMove } from '../../../shared/enquiries/stages';
import { useAdminMutation } from '../admin-mutation';
import { adminQueryKey } from '../queries';
import { useEnquiriesApi } from './api';

/** Reviewed, on or off: one click on a card. */
export interface MarkChange {
  id: number;
  on: boolean;
}

/** The card as the server will answer it; who and when wait for the answer. */
const marked = (item: InboxEnquiry, { on }: MarkChange): InboxEnquiry => ({ ...item, reviewed: on ? 'true' : 'false' });

/**
 * The actions on an enquiry card: reviewed on/off (optimistic: the card changes at once and changes
 * back, with a toast, if the server refuses), a move to another stage (not optimistic: when the
 * enquiry moved meanwhile, the server's 409 says where it stands), adding a staff note, and
 * retrying the staff notification e-mail. `listKey` is the query key of the page the card is on.
 * Each refreshes the inbox once settled, so the tiles' counts and the filters follow the server.
 */
export function useEnquiryWorkflow(listKey: readonly unknown[]) {
  const enquiries = useEnquiriesApi();
  const queryClient = useQueryClient();

  const setMark = useAdminMutation({
    mutationFn: ({ id, on }: MarkChange) => enquiries.update(id, { reviewed: on ? 'true' : 'false' }),
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

  const moveStage = useAdminMutation({
    mutationFn: ({ id, move }: { id: number; move: StageMove }) => enquiries.moveStage(id, move),
    failure: { title: 'The stage was not changed.', form: 'status' },
    invalidates: [adminQueryKey],
  });

  return { setMark, moveStage, addNote, retryMail };
}
