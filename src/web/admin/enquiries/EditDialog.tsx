import { type Enquiry, type EnquiryUpdate, enquiryUpdateSchema } from '../../../shared/enquiries/admin-schemas';
import { Dialog } from '../ui/Dialog';
import { DialogActions } from '../ui/DialogActions';
import { AdminForm, SelectField, TextField, useAdminForm } from '../ui/form';

type Draft = Omit<Enquiry, 'id' | 'submittedAt'>;
type TextName = Exclude<keyof Draft, 'submissionType' | 'reviewed'>;

const textFields: { name: TextName; label: string; type?: 'email' | 'tel'; multiline?: boolean }[] = [
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

/** The form starts from the enquiry; an empty optional field is '' here and null once parsed. */
const draftOf = (enquiry: Enquiry) =>
  Object.fromEntries(
    Object.entries(enquiry)
      .filter(([name]) => name !== 'id' && name !== 'submittedAt')
      .map(([name, value]) => [name, value ?? '']),
  ) as Draft;

/** Every entity field of docs/product.md#enquiry, plus Reviewed No/Yes; checked with the server's own schema. */
export function EditDialog({
  enquiry,
  saving,
  onSave,
  onClose,
}: {
  enquiry: Enquiry;
  saving: boolean;
  onSave: (changes: EnquiryUpdate) => void;
  onClose: () => void;
}) {
  const form = useAdminForm(enquiryUpdateSchema, draftOf(enquiry));
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title="Edit Submission">
      <AdminForm form={form} idPrefix="edit" onSubmit={onSave} className="mt-4 grid gap-4 sm:grid-cols-2">
        {textFields.map(({ name, label, type, multiline }) => (
          <TextField
            key={name}
            name={name}
            label={label}
            type={type}
            rows={multiline ? 4 : undefined}
            className={multiline ? 'sm:col-span-2' : undefined}
          />
        ))}
        <SelectField
          name="submissionType"
          label="Type"
          options={[
            { value: 'assessment', label: 'Assessment' },
            { value: 'contact', label: 'Contact' },
          ]}
        />
        <SelectField
          name="reviewed"
          label="Reviewed"
          options={[
            { value: 'false', label: 'No' },
            { value: 'true', label: 'Yes' },
          ]}
        />
        <DialogActions
          onCancel={onClose}
          pending={saving}
          label="Save Changes"
          pendingLabel="Saving..."
          className="sm:col-span-2"
        />
      </AdminForm>
    </Dialog>
  );
}
