import type { EnquiryFormStart } from '../../../shared/enquiries/form-post';
import { requestAssessment } from './api';
import { EnquiryForm } from './EnquiryForm';
import { Field, ParentDetailsFields } from './Field';
import { useZodForm } from './use-zod-form';

const empty = { firstName: '', lastName: '', telephone: '', email: '', subjectTitle: '', yearGroup: '', notes: '' };
const schema = () => import('../../../shared/enquiries/schemas').then((module) => module.assessmentSchema);

/** The free assessment request (docs/product.md#free-assessment). */
export function AssessmentForm(start: EnquiryFormStart) {
  const form = useZodForm(schema, empty, 'assessment', start.posted);
  return (
    <EnquiryForm
      form={form}
      name="assessment"
      start={start}
      label="Free assessment request"
      submitLabel="Get Your Free Assessment"
      send={requestAssessment}
    >
      <ParentDetailsFields field={form.field} />
      <Field label="Subject (for example GCSE Maths or 11+)" {...form.field('subjectTitle')} />
      <Field label="Year group" optional {...form.field('yearGroup')} />
      <Field label="Anything we should know?" optional rows={4} {...form.field('notes')} />
    </EnquiryForm>
  );
}
