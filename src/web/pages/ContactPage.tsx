import { paths } from '../../shared/routes';
import { site } from '../../shared/site';
import { shownTestimonials } from '../../shared/site-facts/site-facts';
import { businessJsonLd, contactPageJsonLd } from '../../shared/structured-data';
import { centreAddressLine } from '../components/centre-contact';
import { Clock } from '../components/icons';
import { PageHero } from '../components/PageHero';
import { CentreContactDetails } from '../components/sections/CentreContactDetails';
import { OpeningHoursList } from '../components/sections/OpeningHoursList';
import { Stars } from '../components/sections/Stars';
import { ContactFormIsland } from '../features/enquiries';
import { useShell } from '../lib/contexts';
import { Seo } from '../lib/seo';
import { useSiteFacts } from '../lib/site-data';

const box = 'rounded-2xl border border-slate-200 bg-white p-6 shadow-sm';
const heading = 'flex items-center gap-2 text-xl font-bold text-slate-900';

export function ContactPage() {
  const { publicUrl, today } = useShell();
  const facts = useSiteFacts();
  const { details } = facts;
  const { value, count } = site.ratings.business;
  // A centre listing one area has no others to name.
  const nearby = details.areasCovered.length > 1 ? details.areasCovered.slice(1, 5) : details.areasCovered;
  return (
    <>
      <Seo
        title={`Contact Us | ${details.name}, Middlesbrough`}
        description={`Call ${details.phone}, e-mail or message ${details.name}. Opening hours, directions and free parking at our Middlesbrough tuition centre.`}
        jsonLd={[contactPageJsonLd(publicUrl, details), businessJsonLd(publicUrl, facts, today)]}
      />
      <PageHero
        title="Contact us"
        lead="Questions about classes, prices or timetables? Send a message, ring us, or pop in during opening hours."
      >
        <span />
      </PageHero>
      <div className="mx-auto grid max-w-7xl gap-8 px-4 pb-14 lg:grid-cols-[3fr_2fr]">
        <section aria-labelledby="message-heading" className={box}>
          <h2 id="message-heading" className="mb-6 text-xl font-bold text-slate-900">
            Send us a message
          </h2>
          <ContactFormIsland />
        </section>

        <div className="grid h-fit gap-6">
          <section aria-labelledby="details-heading" className={box}>
            <h2 id="details-heading" className={heading}>
              Contact details
            </h2>
            <CentreContactDetails look="card" />
          </section>

          <section aria-labelledby="hours-heading" className={box}>
            <h2 id="hours-heading" className={heading}>
              <Clock className="h-5 w-5 text-blue-800" aria-hidden="true" />
              Opening hours
            </h2>
            <OpeningHoursList hours={facts.hours} today={today} />
            <a
              href={paths.freeAssessment}
              className="mt-6 inline-block rounded-full bg-red-600 px-6 py-3 font-semibold text-white hover:bg-red-700"
            >
              Book Free Trial Session
            </a>
          </section>
        </div>
      </div>

      <div className="mx-auto grid max-w-7xl gap-8 px-4 pb-14 md:grid-cols-2">
        <section aria-labelledby="location-heading">
          <h2 id="location-heading" className={heading}>
            Finding us
          </h2>
          <p className="mt-3 text-slate-700">
            We are at {centreAddressLine(details)}. Families come to us from across Teesside, from {nearby.join(', ')}{' '}
            and beyond.
          </p>
          <h3 className="mt-6 text-lg font-semibold text-slate-900">Parking and accessibility</h3>
          <p className="mt-2 text-slate-700">
            {site.parking} {site.accessibility}
          </p>
        </section>

        <section aria-labelledby="reviews-heading">
          <h2 id="reviews-heading" className={heading}>
            What parents say
          </h2>
          <p className="mt-3 flex flex-wrap items-center gap-2 text-slate-800">
            <Stars rating={value} label={`Rated ${value} out of 5`} />
            <span>
              <strong>{value}</strong> from {count} reviews
            </span>
          </p>
          <ul className="mt-4 grid gap-4">
            {shownTestimonials(facts)
              .slice(0, 2)
              .map((review) => (
                <li key={review.id} className="rounded-2xl bg-slate-50 p-5">
                  <Stars rating={review.rating} />
                  <blockquote className="mt-2 text-slate-800">“{review.text}”</blockquote>
                  <p className="mt-2 text-sm font-semibold text-slate-700">{review.author}</p>
                </li>
              ))}
          </ul>
        </section>
      </div>

      <section aria-labelledby="about-heading" className="mx-auto max-w-7xl px-4 pb-6">
        <h2 id="about-heading" className={heading}>
          About {details.name}
        </h2>
        <p className="mt-3 max-w-3xl text-slate-700">
          We are an independent tuition centre for children in {site.yearsCovered}. Our tutors have taught more than{' '}
          {site.lessonsCompleted.toLocaleString('en-GB')} lessons in English, Maths and Science, in classes of no more
          than {site.maxClassSize}, one to one and online. We are a registered learning provider (UKPRN {details.ukprn}
          ).
        </p>
      </section>
    </>
  );
}
