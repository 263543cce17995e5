import type { ChangeEvent } from 'react';
import { honeypotField } from '../../../shared/enquiries/honeypot';

type Control = HTMLInputElement | HTMLTextAreaElement;

export interface FieldProps {
  label: string;
  id: string;
  name: string;
  value: string;
  error?: string | undefined;
  ref: (element: Control | null) => void;
  onChange: (event: ChangeEvent<Control>) => void;
  'aria-invalid'?: boolean | undefined;
  'aria-describedby'?: string | undefined;
  /** A form posted without script that came back: the browser focuses the first field at fault. */
  autoFocus?: boolean | undefined;
  type?: 'text' | 'email' | 'tel' | 'date';
  /** A date's first and last days that may be chosen ('2026-12-01'). */
  min?: string | undefined;
  max?: string | undefined;
  autoComplete?: string;
  optional?: boolean;
  rows?: number;
}

/** A labelled input (or text area when `rows` is given) with its error below, in red, linked by id. */
export function Field({ label, error, optional, rows, type = 'text', ...control }: FieldProps) {
  // .field-input and .field-label are in styles.css: every form repeats them.
  const className = error ? 'field-input border-red-700' : 'field-input';
  return (
    <div>
      <label htmlFor={control.id} className="field-label">
        {label}
        {optional && <span className="font-normal text-slate-600"> (optional)</span>}
      </label>
      {rows ? (
        <textarea {...control} rows={rows} className={className} />
      ) : (
        <input {...control} type={type} className={className} />
      )}
      {error && (
        <p id={`${control.id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** The field only bots fill in: off-screen, out of the tab order and hidden from screen readers. */
export function Honeypot({ idPrefix }: { idPrefix: string }) {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label htmlFor={`${idPrefix}-${honeypotField}`}>Leave this field empty</label>
      <input
        id={`${idPrefix}-${honeypotField}`}
        name={honeypotField}
        type="text"
        tabIndex={-1}
        autoComplete="off"
        defaultValue=""
      />
    </div>
  );
}

/** What a form's `field(name)` hands to a Field: everything but the label and the presentation. */
export type FieldBinding = Omit<FieldProps, 'label' | 'type' | 'autoComplete' | 'optional' | 'rows'>;

/** Name, telephone and e-mail in two columns: both assessment forms start with these four. */
export function ParentDetailsFields({
  field,
}: {
  field: (name: 'firstName' | 'lastName' | 'telephone' | 'email') => FieldBinding;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field label="First name" autoComplete="given-name" {...field('firstName')} />
      <Field label="Last name" autoComplete="family-name" {...field('lastName')} />
      <Field label="Telephone" type="tel" autoComplete="tel" {...field('telephone')} />
      <Field label="Email" type="email" autoComplete="email" {...field('email')} />
    </div>
  );
}
