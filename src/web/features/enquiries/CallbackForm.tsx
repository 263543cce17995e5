import { useMutation } from '@tanstack/react-query';
import { type CallbackInput, callbackSchema, callbackSubjectTitle } from '../../../shared/enquiry-schemas';
import { toast } from '../../components/ui/use-toast';
import { errorDescription, honeypotValue, submitAssessment } from './api';
import { Field, Honeypot } from './Field';
import { SubmitButton } from './SubmitButton';
import { useZodForm } from './use-zod-form';

const empty = { firstName: '', lastName: '', telephone: '', email: '' };

/** The short home form: sent as an assessment request titled 'Call-back request' (PRODUCT.md). */
export function CallbackForm() {
  const form = useZodForm(callbackSchema, empty, 'callback');
  const mutation = useMutation({
    mutationFn: (input: CallbackInput) => submitAssessment({ ...input, subjectTitle: callbackSubjectTitle }),
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
      aria-label="Request a call back"
      className="relative grid gap-4"
      onSubmit={form.handleSubmit((values, element) =>
        mutation.mutate({ ...values, website: honeypotValue(element) } as CallbackInput),
      )}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="First name" autoComplete="given-name" {...form.field('firstName')} />
        <Field label="Last name" autoComplete="family-name" {...form.field('lastName')} />
        <Field label="Telephone" type="tel" autoComplete="tel" {...form.field('telephone')} />
        <Field label="Email" type="email" autoComplete="email" {...form.field('email')} />
      </div>
      <Honeypot idPrefix="callback" />
      <div>
        <SubmitButton pending={mutation.isPending} label="Request A Call Back" />
      </div>
    </form>
  );
}
