import { type EnquiryFormStart, sentMessages } from '../../../shared/enquiries/form-post';
import type { ContactInput } from '../../../shared/enquiries/schemas';
import { toast } from '../../components/ui/use-toast';
import { HttpError, errorText } from '../../lib/http';
import { submitContact } from './api';
import { EnquiryForm } from './EnquiryForm';
import { Field } from './Field';
import { useZodForm } from './use-zod-form';

const empty = { firstName: '', lastName: '', email: '', mobile: '', message: '' };
const schema = () => import('../../../shared/enquiries/schemas').then((module) => module.contactSchema);

/** The contact page's message form (docs/product.md#contact-page). */
export function ContactForm(start: EnquiryFormStart) {
  const form = useZodForm(schema, empty, 'contact', start.posted);
  const send = async (values: ContactInput) => {
    try {
      await submitContact(values);
      toast({ ...sentMessages.contact });
      return true;
    } catch (error) {
      // A 503 (the database is briefly away) says when to try again; the typed message stays in the form.
      const unavailable = error instanceof HttpError && error.status === 503;
      toast({
        variant: 'destructive',
        title: 'Error sending message',
        description: unavailable
          ? errorText(error, 'Please try again or call us directly.', 'status')
          : 'Please try again or call us directly.',
      });
      return false;
    }
  };

  return (
    <EnquiryForm
      form={form}
      name="contact"
      start={start}
      label="Send us a message"
      submitLabel="Send Message"
      send={send}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="First name" autoComplete="given-name" {...form.field('firstName')} />
        <Field label="Last name" autoComplete="family-name" {...form.field('lastName')} />
        <Field label="Email" type="email" autoComplete="email" {...form.field('email')} />
        <Field label="Mobile" type="tel" autoComplete="tel" {...form.field('mobile')} />
      </div>
      <Field label="Message" rows={5} {...form.field('message')} />
    </EnquiryForm>
  );
}
