import { type EnquiryFormStart, callbackSubjectTitle } from '../../../shared/enquiries/form-post';
import { requestAssessment } from './api';
import { EnquiryForm } from './EnquiryForm';
import { ParentDetailsFields } from './Field';
import { useZodForm } from './use-zod-form';

const empty = { firstName: '', lastName: '', telephone: '', email: '' };
const schema = () => import('../../../shared/enquiries/schemas').then((module) => module.callbackSchema);

/** The short home form: sent as an assessment request titled 'Call-back request' (docs/product.md#home). */
export function CallbackForm(start: EnquiryFormStart) {
  const form = useZodForm(schema, empty, 'callback', start.posted);
  return (
    <EnquiryForm
      form={form}
      name="callback"
      start={start}
      label="Request a call back"
      submitLabel="Request A Call Back"
      send={(values) => requestAssessment({ ...values, subjectTitle: callbackSubjectTitle })}
    >
      <ParentDetailsFields field={form.field} />
    </EnquiryForm>
  );
}
