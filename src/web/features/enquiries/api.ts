// Types only: the schemas themselves are loaded on first submit (see use-zod-form.ts).
import type { AssessmentInput, ContactInput, CreatedEnquiry } from '../../../shared/enquiries/schemas';
import { sentMessages } from '../../../shared/enquiries/form-post';
import { honeypotField } from '../../../shared/enquiries/honeypot';
import { toast } from '../../components/ui/use-toast';
import { apiRequest, errorText } from '../../lib/http';

/** The hidden honeypot field and what it holds at submit time (empty for people), to send with the form. */
export const honeypot = (form: HTMLFormElement) => ({
  [honeypotField]: (form?.elements.namedItem(honeypotField) as HTMLInputElement | null)?.value ?? '',
});

export async function submitAssessment(input: AssessmentInput): Promise<CreatedEnquiry> {
  // docs/product.md#api-enquiries: the payload carries emailTitle, equal to subjectTitle.
  const response = await apiRequest('POST', '/api/assessments', { ...input, emailTitle: input.subjectTitle });
  return (await response.json()) as CreatedEnquiry;
}

/** Sends an assessment request and tells the visitor how it went (docs/product.md#ui-messages); true when sent. */
export async function requestAssessment(input: AssessmentInput): Promise<boolean> {
  try {
    await submitAssessment(input);
    toast({ ...sentMessages.assessment });
    return true;
  } catch (error) {
    toast({
      variant: 'destructive',
      title: 'Error submitting form',
      description: errorText(error, 'Please try again later', 'status'),
    });
    return false;
  }
}

export async function submitContact(input: ContactInput): Promise<CreatedEnquiry> {
  const response = await apiRequest('POST', '/api/contact-submissions', input);
  return (await response.json()) as CreatedEnquiry;
}
