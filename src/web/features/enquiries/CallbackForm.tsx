import { requestAssessment } from './api';
import { EnquiryForm } from './EnquiryForm';
import { ParentDetailsFields } from './Field';
import { useZodForm } from './use-zod-form';

const empty = { firstName: '', lastName: '', telephone: '', email: '' };
const schema = () => import('../../../shared/enquiries/schemas').then((module) => module.callbackSchema);
/** docs/product.md#home: the short home form sends an assessment request with this subject title. */
const callbackSubjectTitle = 'Call-back request';

/** The short home form: sent as an assessment request titled 'Call-back request' (docs/product.md#home). */
export function CallbackForm() {
  const form = useZodForm(schema, empty, 'callback');
  return (
    <EnquiryForm
      form={form}
      label="Request a call back"
      submitLabel="Request A Call Back"
      send={(values) => requestAssessment({ ...values, subjectTitle: callbackSubjectTitle })}
    >
      <ParentDetailsFields field={form.field} />
    </EnquiryForm>
  );
}
