import { type ReactNode, useState } from 'react';
import {
  type EnquiryFormName,
  type EnquiryFormStart,
  enquiryForms,
  sentMessages,
} from '../../../shared/enquiries/form-post';
import { honeypot } from './api';
import { Honeypot } from './Field';
import { SubmitButton } from './SubmitButton';
import type { ZodForm } from './use-zod-form';

interface EnquiryFormProps<Field extends string> {
  form: ZodForm<Field>;
  /** Which form: where it posts without script, and what its thank-you says. */
  name: EnquiryFormName;
  /** The server's word on the last time the browser posted it (docs/decisions/0062-forms-without-script.md). */
  start: EnquiryFormStart;
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
 * It is a real form posting to its own page, so it sends without script too; with script the
 * island sends it as JSON and stays on the page (`handleSubmit` prevents the browser's post).
 */
export function EnquiryForm<Field extends string>({
  form,
  name,
  start,
  label,
  submitLabel,
  send,
  children,
}: EnquiryFormProps<Field>) {
  const { page, anchor } = enquiryForms[name];
  // The thank-you or the message about the whole form stays until the visitor sends again.
  const [said, setSaid] = useState({ sent: start.sent === true, notice: start.posted?.notice });
  const submit = form.handleSubmit((values, element) => send({ ...values, ...honeypot(element) }));
  const noticeId = `${form.idPrefix}-notice`;
  return (
    <form
      id={anchor}
      method="post"
      action={page}
      noValidate
      aria-label={label}
      aria-describedby={said.notice ? noticeId : undefined}
      // Its thank-you address scrolls here: clear of the sticky header.
      className="relative grid scroll-mt-24 gap-4"
      onSubmit={(event) => {
        setSaid({ sent: false, notice: undefined });
        return submit(event);
      }}
    >
      {said.sent && (
        <div role="status" className="rounded-lg border border-green-700 bg-green-50 p-4 text-slate-900">
          <p className="font-semibold">{sentMessages[name].title}</p>
          <p>{sentMessages[name].description}</p>
        </div>
      )}
      {said.notice && (
        <p
          id={noticeId}
          role="alert"
          className="rounded-lg border border-red-700 bg-red-50 p-4 font-medium text-red-800"
        >
          {said.notice}
        </p>
      )}
      {children}
      <Honeypot idPrefix={form.idPrefix} />
      <div>
        <SubmitButton pending={form.pending} label={submitLabel} />
      </div>
    </form>
  );
}
