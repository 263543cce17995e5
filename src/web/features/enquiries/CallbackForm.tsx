import { honeypot, requestAssessment } from './api';
import { Honeypot, ParentDetailsFields } from './Field';
import { SubmitButton } from './SubmitButton';
import { useZodForm } from './use-zod-form';

const empty = { firstName: '', lastName: '', telephone: '', email: '' };
const schema = () => import('../../../shared/enquiries-schemas').then((module) => module.callbackSchema);
/** docs/product.md#home: the short home form sends an assessment request with this subject title. */
const callbackSubjectTitle = 'Call-back request';

/** The short home form: sent as an assessment request titled 'Call-back request' (docs/product.md#home). */
export function CallbackForm() {
  const form = useZodForm(schema, empty, 'callback');
  const send = (values: typeof empty, element: HTMLFormElement) =>
    requestAssessment({ ...values, subjectTitle: callbackSubjectTitle, ...honeypot(element) });

  return (
    <form
      noValidate
      aria-label="Request a call back"
      className="relative grid gap-4"
      onSubmit={form.handleSubmit(send)}
    >
      <ParentDetailsFields field={form.field} />
      <Honeypot idPrefix="callback" />
      <div>
        <SubmitButton pending={form.pending} label="Request A Call Back" />
      </div>
    </form>
  );
}
