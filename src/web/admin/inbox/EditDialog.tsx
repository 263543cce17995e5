import { type FormEvent, useState } from 'react';
import {
  type ContactSubmission,
  type SubmissionUpdate,
  submissionUpdateSchema,
} from '../../../shared/contact-submissions';
import { Dialog } from '../ui/Dialog';
import { DialogActions } from '../ui/DialogActions';
import { Select } from '../ui/Select';

type Draft = Omit<ContactSubmission, 'id' | 'submittedAt'>;
type TextField = Exclude<keyof Draft, 'submissionType' | 'reviewed'>;

const textFields: { name: TextField; label: string; type?: string; multiline?: boolean }[] = [
  { name: 'firstName', label: 'First name' },
  { name: 'lastName', label: 'Last name' },
  { name: 'email', label: 'Email', type: 'email' },
  { name: 'telephone', label: 'Telephone', type: 'tel' },
  { name: 'mobile', label: 'Mobile', type: 'tel' },
  { name: 'yearGroup', label: 'Year group' },
  { name: 'emailTitle', label: 'Subject' },
  { name: 'notes', label: 'Notes', multiline: true },
  { name: 'message', label: 'Message', multiline: true },
];

const draftOf = ({ id: _id, submittedAt: _at, ...rest }: ContactSubmission): Draft => rest;

/** Every entity field of SPEC.md section 3, plus Reviewed No/Yes; checked with the server's own schema. */
export function EditDialog({
  submission,
  saving,
  onSave,
  onClose,
}: {
  submission: ContactSubmission;
  saving: boolean;
  onSave: (changes: SubmissionUpdate) => void;
  onClose: () => void;
}) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(submission));
  const [error, setError] = useState<{ field?: string; message: string } | null>(null);
  const set = <K extends keyof Draft>(name: K, value: Draft[K]) =>
    setDraft((current) => ({ ...current, [name]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = submissionUpdateSchema.safeParse(draft);
    if (!result.success) {
      const issue = result.error.issues[0]!;
      const field = issue.path.join('.');
      setError({ field, message: issue.message });
      document.getElementById(`edit-${field}`)?.focus();
      return;
    }
    setError(null);
    onSave(result.data);
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title="Edit Submission">
      <form onSubmit={submit} noValidate className="mt-4 grid gap-4 sm:grid-cols-2">
        {textFields.map(({ name, label, type, multiline }) => {
          const common = {
            id: `edit-${name}`,
            value: draft[name] ?? '',
            'aria-invalid': error?.field === name || undefined,
            'aria-describedby': error?.field === name ? 'edit-error' : undefined,
            className: 'mt-1 w-full rounded-md border border-slate-400 px-3 py-2',
          };
          return (
            <div key={name} className={multiline ? 'sm:col-span-2' : undefined}>
              <label htmlFor={common.id} className="block font-medium text-slate-900">
                {label}
              </label>
              {multiline ? (
                <textarea {...common} rows={4} onChange={(event) => set(name, event.target.value)} />
              ) : (
                <input {...common} type={type ?? 'text'} onChange={(event) => set(name, event.target.value)} />
              )}
              {error?.field === name && (
                <p id="edit-error" className="mt-1 text-sm text-red-700">
                  {error.message}
                </p>
              )}
            </div>
          );
        })}
        <div>
          <label htmlFor="edit-submissionType" className="block font-medium text-slate-900">
            Type
          </label>
          <Select
            id="edit-submissionType"
            value={draft.submissionType}
            onChange={(value) => set('submissionType', value as Draft['submissionType'])}
            options={[
              { value: 'assessment', label: 'Assessment' },
              { value: 'contact', label: 'Contact' },
            ]}
          />
        </div>
        <div>
          <label htmlFor="edit-reviewed" className="block font-medium text-slate-900">
            Reviewed
          </label>
          <Select
            id="edit-reviewed"
            value={draft.reviewed}
            onChange={(value) => set('reviewed', value as Draft['reviewed'])}
            options={[
              { value: 'false', label: 'No' },
              { value: 'true', label: 'Yes' },
            ]}
          />
        </div>
        {error && !textFields.some((field) => field.name === error.field) && (
          <p role="alert" className="text-sm text-red-700 sm:col-span-2">
            {error.message}
          </p>
        )}
        <DialogActions
          onCancel={onClose}
          pending={saving}
          label="Save Changes"
          pendingLabel="Saving..."
          className="sm:col-span-2"
        />
      </form>
    </Dialog>
  );
}
