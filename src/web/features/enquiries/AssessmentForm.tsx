import { honeypot, requestAssessment } from './api';
import { Field, Honeypot, ParentDetailsFields } from './Field';
import { SubmitButton } from './SubmitButton';
import { useZodForm } from './use-zod-form';

const empty = { firstName: '', lastName: '', telephone: '', email: '', subjectTitle: '', yearGroup: '', notes: '' };
const schema = () => import('../../../shared/enquiries-schemas').then((module) => module.assessmentSchema);

/** The free assessment request (docs/product.md#free-assessment). */
export function AssessmentForm() {
  const form = useZodForm(schema, empty, 'assessment');
  const send = (values: typeof empty, element: HTMLFormElement) =>
    requestAssessment({ ...values, ...honeypot(element) });

  return (
    <form
      noValidate
      aria-label="Free assessment request"
      className="relative grid gap-4"
      onSubmit={form.handleSubmit(send)}
    >
      <ParentDetailsFields field={form.field} />
      <Field label="Subject (for example GCSE Maths or 11+)" {...form.field('subjectTitle')} />
      <Field label="Year group" optional {...form.field('yearGroup')} />
      <Field label="Anything we should know?" optional rows={4} {...form.field('notes')} />
      <Honeypot idPrefix="assessment" />
      <div>
        <SubmitButton pending={form.pending} label="Get Your Free Assessment" />
      </div>
    </form>
  );
}
