import { useMutation } from '@tanstack/react-query';
import { type AssessmentInput, assessmentSchema } from '../../../shared/enquiry-schemas';
import { toast } from '../../components/ui/use-toast';
import { errorDescription, honeypotValue, submitAssessment } from './api';
import { Field, Honeypot } from './Field';
import { SubmitButton } from './SubmitButton';
import { useZodForm } from './use-zod-form';

const empty = { firstName: '', lastName: '', telephone: '', email: '', subjectTitle: '', yearGroup: '', notes: '' };

/** The free assessment request (SPEC.md sections 2, 5 and 8). */
export function AssessmentForm() {
  const form = useZodForm(assessmentSchema, empty, 'assessment');
  const mutation = useMutation({
    mutationFn: (input: AssessmentInput) => submitAssessment(input),
    onSuccess: () => {
      form.reset();
      toast({ title: 'Success!', description: "Your assessment request has been submitted. We'll be in touch soon!" });
    },
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: 'Error submitting form',
        description: errorDescription(error, 'Please try again later'),
      }),
  });

  return (
    <form
      noValidate
      aria-label="Free assessment request"
      className="relative grid gap-4"
      onSubmit={form.handleSubmit((values, element) =>
        mutation.mutate({ ...values, website: honeypotValue(element) } as AssessmentInput),
      )}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="First name" autoComplete="given-name" {...form.field('firstName')} />
        <Field label="Last name" autoComplete="family-name" {...form.field('lastName')} />
        <Field label="Telephone" type="tel" autoComplete="tel" {...form.field('telephone')} />
        <Field label="Email" type="email" autoComplete="email" {...form.field('email')} />
      </div>
      <Field label="Subject (for example GCSE Maths or 11+)" {...form.field('subjectTitle')} />
      <Field label="Year group" optional {...form.field('yearGroup')} />
      <Field label="Anything we should know?" optional rows={4} {...form.field('notes')} />
      <Honeypot idPrefix="assessment" />
      <div>
        <SubmitButton pending={mutation.isPending} label="Get Your Free Assessment" />
      </div>
    </form>
  );
}
