import { useState } from 'react';
import { type StaffNote, STAFF_NOTE_MAX, staffNoteInputSchema } from '../../../shared/enquiries/admin-schemas';
import { AdminForm, TextField, useAdminForm } from '../ui/form';
import { formatAdminDate } from '../ui/date-format';

/** Staff's notes on one enquiry, oldest first, each with its author (when known) and time; and the form to add one. */
export function StaffNotes({
  enquiryId,
  notes,
  adding,
  onAdd,
}: {
  enquiryId: number;
  notes: StaffNote[];
  adding: boolean;
  onAdd: (text: string, added: () => void) => void;
}) {
  const form = useAdminForm(staffNoteInputSchema, { text: '' });
  // Said here, at the box, rather than in a toast that would cover the next card's box.
  const [added, setAdded] = useState(false);
  const headingId = `staff-notes-${enquiryId}`;
  return (
    // A named group, not a heading or landmark: every card has one, and the card's only heading is the name.
    <div role="group" aria-labelledby={headingId} className="mt-4 rounded-md border border-sky-200 bg-sky-50 p-3">
      <p id={headingId} className="text-sm font-semibold text-slate-900">
        Staff notes
      </p>
      {notes.length === 0 ? (
        <p className="mt-1 text-sm text-slate-700">No notes yet.</p>
      ) : (
        <ol className="mt-2 space-y-2">
          {notes.map((note) => (
            <li key={note.id} className="text-sm">
              <p className="text-xs font-medium text-slate-700">
                {note.author && (
                  <>
                    <bdi>{note.author}</bdi>
                    {', '}
                  </>
                )}
                <time dateTime={note.createdAt}>{formatAdminDate(note.createdAt)}</time>
              </p>
              <p className="whitespace-pre-wrap break-words text-slate-900">{note.text}</p>
            </li>
          ))}
        </ol>
      )}
      <AdminForm
        form={form}
        idPrefix={`note-${enquiryId}`}
        onSubmit={({ text }) =>
          onAdd(text, () => {
            form.reset();
            setAdded(true);
          })
        }
        className="mt-3"
      >
        <TextField name="text" label="Add a note" rows={2} maxLength={STAFF_NOTE_MAX} />
        <button
          type="submit"
          disabled={adding}
          className="mt-2 rounded-md bg-slate-800 px-3 py-1.5 text-sm font-medium text-white hover:bg-slate-900 disabled:opacity-60"
        >
          {adding ? 'Adding...' : 'Add note'}
        </button>
        <span role="status" className="ml-3 text-sm text-green-800">
          {added && !adding ? 'Note added.' : ''}
        </span>
      </AdminForm>
    </div>
  );
}
