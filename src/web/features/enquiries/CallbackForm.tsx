import { honeypotValue, requestAssessment } from './api';
import { Field, Honeypot } from './Field';
import { SubmitButton } from './SubmitButton';
import { useZodForm } from './use-zod-form';

const empty = { firstName: '', lastName: '', telephone: '', email: '' };
const schema = () => import('../../../shared/enquiry-schemas').then((module) => module.callbackSchema);
/** PRODUCT.md: the short home form sends an assessment request with this subject title. */
const callbackSubjectTitle = 'Call-back request';

/** The short home form: sent as an assessment request titled 'Call-back request' (PRODUCT.md). */
export function CallbackForm() {
  const form = useZodForm(schema, empty, 'callback');
  const send = (values: typeof empty, element: HTMLFormElement) =>
    requestAssessment({ ...values, subjectTitle: callbackSubjectTitle, website: honeypotValue(element) });

  return (
    <form
      noValidate
      aria-label="Request a call back"
      className="relative grid gap-4"
      onSubmit={form.handleSubmit(send)}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="First name" autoComplete="given-name" {...form.field('firstName')} />
        <Field label="Last name" autoComplete="family-name" {...form.field('lastName')} />
        <Field label="Telephone" type="tel" autoComplete="tel" {...form.field('telephone')} />
        <Field label="Email" type="email" autoComplete="email" {...form.field('email')} />
      </div>
      <Honeypot idPrefix="callback" />
      <div>
        <SubmitButton pending={form.pending} label="Request A Call Back" />
      </div>
    </form>
  );
}
