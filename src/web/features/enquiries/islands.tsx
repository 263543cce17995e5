import { useContext } from 'react';
import { EnquiryFormStartContext } from '../../lib/contexts';
import { Island } from '../../lib/island';
import { AssessmentForm } from './AssessmentForm';
import { CallbackForm } from './CallbackForm';
import { ContactForm } from './ContactForm';

// The forms as pages place them, each an island beside its component (decision 0067) that
// hydrates on its own (decision 0038). The forms work without script too: each posts to its own
// page (decision 0062), which renders it back with what the server said; that travels to the
// island in its props.

export const ContactFormIsland = () => (
  <Island name="ContactForm" component={ContactForm} props={useContext(EnquiryFormStartContext)} load="interaction" />
);

export const AssessmentFormIsland = () => (
  <Island
    name="AssessmentForm"
    component={AssessmentForm}
    props={useContext(EnquiryFormStartContext)}
    load="interaction"
  />
);

export const CallbackFormIsland = () => (
  <Island name="CallbackForm" component={CallbackForm} props={useContext(EnquiryFormStartContext)} load="interaction" />
);
