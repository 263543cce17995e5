import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EnquiryPage, InboxEnquiry, StaffNoteInput } from '../../../shared/inbox-schemas';
import { toast } from '../../components/ui/use-toast';
import { toastFailure } from '../admin-api';
import { useAdminApi } from '../session';

/**
 * The one-click actions on an enquiry card: reviewed on/off (optimistic: the card changes at once
 * and changes back, with a toast, if the server refuses), adding a staff note, and retrying the
 * staff notification e-mail. `listKey` is the query key of the page the card is on.
 */
export function useEnquiryWorkflow(listKey: readonly unknown[]) {
  const api = useAdminApi();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin'] });
  const failed = (title: string) => (error: Error) => toastFailure(title, error, { form: 'status' });

  const setReviewed = useMutation({
    mutationFn: ({ id, reviewed }: { id: number; reviewed: boolean }) =>
      api.submissions.update(id, { reviewed: reviewed ? 'true' : 'false' }),
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
    onError: (error, _variables, context) => {
      if (context?.before) queryClient.setQueryData(listKey, context.before);
      failed('Failed to update submission.')(error);
    },
    // The tiles' counts (and the Unreviewed filter) follow once the server has it.
    onSettled: () => void refresh(),
  });

  const addNote = useMutation({
    mutationFn: ({ id, note }: { id: number; note: StaffNoteInput }) => api.submissions.addNote(id, note),
    onSuccess: () => {
      toast({ title: 'Note added.' });
      void refresh();
    },
    onError: failed('Failed to add note.'),
  });

  const retryMail = useMutation({
    mutationFn: (id: number) => api.submissions.retryNotification(id),
    onSuccess: () => {
      toast({ title: 'The staff e-mail will be sent again now.' });
      void refresh();
    },
    onError: failed('Failed to retry the e-mail.'),
  });

  return { setReviewed, addNote, retryMail };
}
