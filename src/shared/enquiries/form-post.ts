// Free of zod: the pages and the forms' first load name these without the schemas.
import { paths } from '../routes';

/**
 * The three public enquiry forms, each on one page. Without script each is an ordinary
 * `method="post"` form to its own page's address (docs/decisions/0062-forms-without-script.md).
 */
export type EnquiryFormName = 'callback' | 'assessment' | 'contact';

/** Where each form posts (its page) and the id of its `<form>`, which the thank-you address scrolls to. */
export const enquiryForms: Readonly<Record<EnquiryFormName, { page: string; anchor: string }>> = {
  callback: { page: paths.home, anchor: 'callback-form' },
  assessment: { page: paths.freeAssessment, anchor: 'assessment-form' },
  contact: { page: paths.contact, anchor: 'contact-form' },
};

/** docs/product.md#home: the short home form sends an assessment request with this subject title. */
export const callbackSubjectTitle = 'Call-back request';

/** The query of the thank-you state: it names no one, so it may sit in a history or a log. */
export const sentQuery = 'sent=1';

/** Where a form sent without script lands: its page, in the thank-you state, scrolled to the form. */
export const thankYouAddress = (form: EnquiryFormName) => {
  const { page, anchor } = enquiryForms[form];
  return `${page}?${sentQuery}#${anchor}`;
};

/**
 * What the visitor is told once a form is sent (docs/product.md#ui-messages): the same words as a
 * toast when script sends it, and in the thank-you state when the browser posted it.
 */
export const sentMessages: Readonly<Record<EnquiryFormName, { title: string; description: string }>> = {
  callback: { title: 'Success!', description: "Your assessment request has been submitted. We'll be in touch soon!" },
  assessment: { title: 'Success!', description: "Your assessment request has been submitted. We'll be in touch soon!" },
  contact: {
    title: 'Message sent successfully!',
    description: "Thank you for getting in touch. We'll get back to you as soon as we can.",
  },
};

/**
 * A form the browser posted that was not sent, as the server renders it back: the values as they
 * came (the form's own fields only), the schema's first message per field, and a message for the
 * whole form when the problem is not one field's (too many enquiries, the database away).
 */
export interface PostedForm {
  values: Record<string, string>;
  errors: Record<string, string>;
  notice?: string;
}

/** What a form island starts from: nothing (a first visit), a posted form, or the thank-you state. */
export interface EnquiryFormStart {
  posted?: PostedForm;
  sent?: boolean;
}
