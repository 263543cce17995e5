import { type EnquiryFormName, callbackSubjectTitle } from '../../../shared/enquiries/form-post';
import { caughtByHoneypot } from '../../../shared/enquiries/honeypot';
import type { AssessmentInput, CallbackInput, ContactInput } from '../../../shared/enquiries/schemas';
import type { EnquiryType } from '../../../shared/enquiries/admin-schemas';
import type { NewEnquiry } from './repo';
import type { EnquiriesService } from './service';

type EnquiryToStore = Omit<NewEnquiry, 'submittedAt'>;

export { caughtByHoneypot };

/** The fields of each form's valid input that its stored enquiry keeps, under the same names. */
const storedFields = {
  assessment: ['firstName', 'lastName', 'email', 'telephone', 'yearGroup', 'notes'],
  contact: ['firstName', 'lastName', 'email', 'mobile', 'message'],
} as const satisfies Record<EnquiryType, readonly (keyof NewEnquiry)[]>;

/** Only the named fields: never the honeypot, nor anything else a schema lets through. */
const kept = <Input, Field extends keyof Input>(input: Input, fields: readonly Field[]) =>
  Object.fromEntries(fields.map((field) => [field, input[field]])) as Pick<Input, Field>;

/**
 * The one mapping from a form's valid input to the enquiry stored and mailed, whichever way it
 * came: JSON from the island, or the browser's own post without script (form-post-routes.ts).
 */
export function storedEnquiry(type: 'assessment', input: AssessmentInput): EnquiryToStore;
export function storedEnquiry(type: 'contact', input: ContactInput): EnquiryToStore;
export function storedEnquiry(type: EnquiryType, input: AssessmentInput | ContactInput): EnquiryToStore {
  if (type === 'contact') return { submissionType: type, ...kept(input as ContactInput, storedFields.contact) };
  const assessment = input as AssessmentInput;
  // docs/product.md#api-enquiries: emailTitle is set equal to subjectTitle, whatever the client sent.
  return { submissionType: type, ...kept(assessment, storedFields.assessment), emailTitle: assessment.subjectTitle };
}

/** What each public form hands the service once its input is valid (storedEnquiry above). */
export function enquirySenders(service: EnquiriesService) {
  const assessment = (input: AssessmentInput) => service.submit(storedEnquiry('assessment', input));
  return {
    assessment,
    /** The short home form: an assessment request titled 'Call-back request' (docs/product.md#home). */
    callback: (input: CallbackInput) => assessment({ ...input, subjectTitle: callbackSubjectTitle }),
    contact: (input: ContactInput) => service.submit(storedEnquiry('contact', input)),
  } satisfies Record<EnquiryFormName, (input: never) => Promise<number>>;
}

export type EnquirySenders = ReturnType<typeof enquirySenders>;
