import { TestimonialCarousel } from '../components/sections/TestimonialCarousel';
import { AssessmentForm } from '../features/enquiries/AssessmentForm';
import { CallbackForm } from '../features/enquiries/CallbackForm';
import { ContactForm } from '../features/enquiries/ContactForm';
import { useSiteFacts } from '../features/site-facts/queries';
import { Island } from './Island';

// The interactive parts as pages place them: each hydrates on its own (decision 0038).

/** Without JavaScript a form cannot validate or send; the visitor is told, with another way to reach us. */
function FormNeedsScript() {
  const { phone, email } = useSiteFacts().details;
  return (
    <p className="mb-4 rounded-lg bg-amber-50 p-4 text-slate-800">
      {`This form needs JavaScript to send. Please turn it on, or call us on ${phone} or e-mail ${email}.`}
    </p>
  );
}
const formNeedsScript = <FormNeedsScript />;

export const ContactFormIsland = () => (
  <Island name="ContactForm" component={ContactForm} props={{}} load="interaction" noscript={formNeedsScript} />
);

export const AssessmentFormIsland = () => (
  <Island name="AssessmentForm" component={AssessmentForm} props={{}} load="interaction" noscript={formNeedsScript} />
);

export const CallbackFormIsland = () => (
  <Island name="CallbackForm" component={CallbackForm} props={{}} load="interaction" noscript={formNeedsScript} />
);

/**
 * The carousel's controls: no props, since the cards are the server's HTML around them
 * (components/sections/Testimonials.tsx) and travel once, in the page (decision 0059).
 */
export const TestimonialCarouselIsland = () => (
  <Island name="TestimonialCarousel" component={TestimonialCarousel} props={{}} load="visible" />
);
