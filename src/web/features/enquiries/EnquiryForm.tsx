import type { ReactNode } from 'react';
import { honeypot } from './api';
import { Honeypot } from './Field';
import { SubmitButton } from './SubmitButton';
import type { ZodForm } from './use-zod-form';

interface EnquiryFormProps<Field extends string> {
  form: ZodForm<Field>;
  /** The form's accessible name. */
  label: string;
  submitLabel: string;
  /** Posts the values, with the honeypot's, and tells the visitor how it went; true clears the form. */
  send: (values: Record<Field, string> & ReturnType<typeof honeypot>) => Promise<boolean>;
  /** The form's own fields. */
  children: ReactNode;
}

/**
 * What every enquiry form has around its fields: the schema's messages instead of the browser's
 * (`noValidate`), the honeypot, read at submit time and sent with the values, and the submit button.
 */
export function EnquiryForm<Field extends string>({
  form,
  label,
  submitLabel,
  send,
  children,
}: EnquiryFormProps<Field>) {
  return (
    <form
      noValidate
      aria-label={label}
      className="relative grid gap-4"
      onSubmit={form.handleSubmit((values, element) => send({ ...values, ...honeypot(element) }))}
    >
      {children}
      <Honeypot idPrefix={form.idPrefix} />
      <div>
        <SubmitButton pending={form.pending} label={submitLabel} />
      </div>
    </form>
  );
}
