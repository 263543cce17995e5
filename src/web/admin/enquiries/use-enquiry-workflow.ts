import { useQueryClient } from '@tanstack/react-query';
import type { EnquiryPage, InboxEnquiry, StaffNoteInput } from '../../../shared/enquiries/admin-schemas';
import { useAdminMutation } from '../admin-mutation';
import { adminQueryKey } from '../queries';
import { useAdminApi } from '../session';

/**
 * The one-click actions on an enquiry card: reviewed on/off (optimistic: the card changes at once
 * and changes back, with a toast, if the server refuses), adding a staff note, and retrying the
 * staff notification e-mail. `listKey` is the query key of the page the card is on. Each refreshes
 * the inbox once settled, so the tiles' counts (and the Unreviewed filter) follow the server.
 */
export function useEnquiryWorkflow(listKey: readonly unknown[]) {
  const api = useAdminApi();
  const queryClient = useQueryClient();

  const setReviewed = useAdminMutation({
    mutationFn: ({ id, reviewed }: { id: number; reviewed: boolean }) =>
      api.submissions.update(id, { reviewed: reviewed ? 'true' : 'false' }),
    failure: { title: 'Failed to update submission.', form: 'status' },
    invalidates: [adminQueryKey],
    onMutate: async ({ id, reviewed }) => {
      await queryClient.cancelQueries({ queryKey: listKey });
      const before = queryClient.getQueryData<EnquiryPage>(listKey);
      queryClient.setQueryData<EnquiryPage>(listKey, (page) =>
        page
          ? {
              ...page,
              items: page.items.map((item): InboxEnquiry =>
                item.id === id ? { ...item, reviewed: reviewed ? 'true' : 'false' } : item,
              ),
            }
          : page,
      );
      return { before };
    },
    onError: (_error, _variables, context) => {
      if (context?.before) queryClient.setQueryData(listKey, context.before);
    },
  });

  const addNote = useAdminMutation({
    mutationFn: ({ id, note }: { id: number; note: StaffNoteInput }) => api.submissions.addNote(id, note),
    success: { title: 'Note added.' },
    failure: { title: 'Failed to add note.', form: 'status' },
    invalidates: [adminQueryKey],
  });

  const retryMail = useAdminMutation({
    mutationFn: (id: number) => api.submissions.retryNotification(id),
    success: { title: 'The staff e-mail will be sent again now.' },
    failure: { title: 'Failed to retry the e-mail.', form: 'status' },
    invalidates: [adminQueryKey],
  });

  return { setReviewed, addNote, retryMail };
}
