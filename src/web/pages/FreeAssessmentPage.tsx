import { businessJsonLd, serviceJsonLd } from '../../shared/structured-data';
import { centreTelHref } from '../components/centre-contact';
import { CheckCircle2 } from '../components/icons';
import { PageHero } from '../components/PageHero';
import { BookingSection } from '../features/bookings';
import { AssessmentFormIsland } from '../features/enquiries';
import { useShell } from '../lib/contexts';
import { Seo } from '../lib/seo';
import { useSiteFacts } from '../lib/site-data';

const benefits = [
  ['Free assessment', 'About 45 minutes of short English, Maths or Science tasks pitched at your child’s year group.'],
  ['Free lesson', 'A full trial lesson in the class or with the tutor we would recommend.'],
  ['Free advice', 'An honest talk about strengths, gaps and the quickest way to close them, even if that is not us.'],
  ['No obligation', 'Nothing to sign and nothing to pay. Decide afterwards, in your own time.'],
] as const;

export function FreeAssessmentPage() {
  const { publicUrl, today } = useShell();
  const facts = useSiteFacts();
  const { details } = facts;
  return (
    <>
      <Seo
        title={`Book a Free Assessment | ${details.name}, Middlesbrough`}
        description={`Book a free, no-obligation assessment and trial lesson with ${details.name} in Middlesbrough. English, Maths and Science for Years 1 to 11, 11+ and GCSE.`}
        jsonLd={[
          businessJsonLd(publicUrl, facts, today),
          serviceJsonLd(publicUrl, details, {
            name: 'Free tutoring assessment',
            description: 'A free assessment and trial lesson in English, Maths or Science, with advice for parents.',
            serviceType: 'Educational assessment',
          }),
        ]}
      />
      <PageHero
        title="Book your child's free assessment"
        lead="Book a time that suits you at our Middlesbrough centre, or tell us a little about your child and we will call you to arrange one."
      >
        <span />
      </PageHero>
      <div className="mx-auto grid max-w-7xl gap-10 px-4 pb-14 lg:grid-cols-[1fr_2fr]">
        <section aria-labelledby="benefits-heading" className="h-fit rounded-2xl bg-blue-50 p-6">
          <h2 id="benefits-heading" className="text-xl font-bold text-slate-900">
            What you'll get
          </h2>
          <ul className="mt-4 grid gap-4">
            {benefits.map(([title, text]) => (
              <li key={title} className="flex gap-3">
                <CheckCircle2 className="mt-0.5 h-6 w-6 shrink-0 text-green-700" aria-hidden="true" />
                <span>
                  <strong className="block text-slate-900">{title}</strong>
                  <span className="text-slate-700">{text}</span>
                </span>
              </li>
            ))}
          </ul>
          <p className="mt-6 text-slate-700">
            Rather talk? Call{' '}
            <a href={centreTelHref(details)} className="font-semibold text-blue-800 underline underline-offset-4">
              {details.phone}
            </a>
            .
          </p>
        </section>
        <div className="grid h-fit gap-10">
          <BookingSection />
          <section
            aria-labelledby="form-heading"
            className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
          >
            <h2 id="form-heading" className="text-xl font-bold text-slate-900">
              Or ask us to call you
            </h2>
            <p className="mb-6 mt-2 text-slate-700">
              Rather agree a time by phone? Send your details and we will call you.
            </p>
            <AssessmentFormIsland />
          </section>
        </div>
      </div>
    </>
  );
}
