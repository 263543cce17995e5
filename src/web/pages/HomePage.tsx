import { paths } from '../../shared/routes';
import { site } from '../../shared/site';
import { type SiteDetails, formatPounds, shownFaq } from '../../shared/site-facts/site-facts';
import { businessJsonLd, faqJsonLd } from '../../shared/structured-data';
import { Fold } from '../components/Fold';
import { PageHero } from '../components/PageHero';
import { ResponsiveImage } from '../components/ResponsiveImage';
import { CtaBand } from '../components/sections/CtaBand';
import { Pricing } from '../components/sections/Pricing';
import { Testimonials } from '../components/sections/Testimonials';
import { CallbackFormIsland } from '../features/enquiries';
import { useShowcaseImages } from '../features/images';
import { useShell } from '../lib/contexts';
import { Seo } from '../lib/seo';
import { useSiteFacts } from '../lib/site-data';

const tuitionCardsFor = ({ address }: SiteDetails) =>
  [
    {
      title: '1-to-1 tuition',
      text: 'A tutor who plans every lesson around your child: ideal for catching up, 11+ or a GCSE grade boundary.',
      link: 'Book private lessons',
      path: '/private-lessons',
      imageCategory: 'tutoring',
    },
    {
      title: 'Online tuition',
      text: 'Live lessons with a shared whiteboard from home, so sports clubs and shift work never mean a missed week.',
      link: 'Browse online courses',
      path: '/online-courses',
      imageCategory: 'online',
    },
    {
      title: 'Classroom tuition',
      text: `Small groups of no more than ${site.maxClassSize} at our ${address.locality} centre, on weekday evenings and weekends.`,
      link: 'See in-centre courses',
      path: '/in-centre-courses',
      imageCategory: 'classroom',
    },
  ] as const;

export function HomePage() {
  const { publicUrl, today } = useShell();
  const images = useShowcaseImages();
  const facts = useSiteFacts();
  const { details } = facts;
  const fromPrice = formatPounds(details.pricing.fromPerHour);
  const faq = shownFaq(facts);
  return (
    <>
      <Seo
        title={`${details.name} | Tutoring in Middlesbrough & Teesside`}
        description={`Primary and secondary tuition, 11+, SATs and GCSE preparation in Middlesbrough and across Teesside. Small classes from ${fromPrice} an hour. Book a free assessment.`}
        // With every question hidden there is no FAQ to declare or show.
        jsonLd={[businessJsonLd(publicUrl, facts, today), ...(faq.length > 0 ? [faqJsonLd(faq)] : [])]}
      />
      <PageHero
        title="Tutoring in Middlesbrough that builds confidence"
        lead={`English, Maths and Science for ${site.yearsCovered}, SATs, 11+ and GCSE preparation, in classes of up to ${site.maxClassSize}, one to one or online. From ${fromPrice}/hour, and the first assessment is free.`}
        image={images.hero}
      />
      <Fold />

      <section aria-labelledby="ways-heading" className="render-when-near mx-auto max-w-7xl px-4 py-14">
        <h2 id="ways-heading" className="text-2xl font-bold text-slate-900 sm:text-3xl">
          Three ways to learn with us
        </h2>
        <ul className="mt-8 grid gap-6 md:grid-cols-3">
          {tuitionCardsFor(details).map((card) => {
            const image = images[card.imageCategory];
            return (
              <li
                key={card.title}
                className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
              >
                {image && (
                  <ResponsiveImage
                    src={image.path}
                    alt={image.altText}
                    // Three to a row inside the 80rem column from 768 px; one to a row below.
                    sizes="(min-width: 1280px) 400px, (min-width: 768px) 31vw, calc(100vw - 2rem)"
                    className="aspect-[16/9] w-full object-cover md:aspect-[3/2]"
                  />
                )}
                <div className="flex flex-1 flex-col p-6">
                  <h3 className="text-xl font-semibold text-slate-900">{card.title}</h3>
                  <p className="mt-2 flex-1 text-slate-700">{card.text}</p>
                  <a
                    href={`${site.trainingSiteUrl}${card.path}`}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="mt-4 font-semibold text-blue-800 underline underline-offset-4 hover:text-blue-900"
                  >
                    {card.link}
                    <span className="sr-only"> (opens in a new tab)</span>
                  </a>
                </div>
              </li>
            );
          })}
        </ul>
        <p className="mt-6 text-slate-700">
          Questions about a course?{' '}
          <a
            href={`${site.trainingSiteUrl}/contact`}
            target="_blank"
            rel="noopener noreferrer"
            className="font-semibold text-blue-800 underline underline-offset-4"
          >
            Contact our training team
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </p>
      </section>

      <section className="render-when-near bg-blue-50">
        <dl className="mx-auto grid max-w-7xl gap-6 px-4 py-10 text-center sm:grid-cols-3">
          <div>
            <dt className="text-slate-700">Lessons taught</dt>
            <dd className="text-3xl font-extrabold text-blue-800">{site.lessonsCompleted.toLocaleString('en-GB')}+</dd>
          </div>
          <div>
            <dt className="text-slate-700">Pupils per class, at most</dt>
            <dd className="text-3xl font-extrabold text-blue-800">{site.maxClassSize}</dd>
          </div>
          <div>
            <dt className="text-slate-700">Parents rate us</dt>
            <dd className="text-3xl font-extrabold text-blue-800">
              {site.ratings.business.value}/5{' '}
              <span className="text-base font-medium text-slate-700">({site.ratings.business.count} reviews)</span>
            </dd>
          </div>
        </dl>
      </section>

      <Pricing />
      <Testimonials />

      {faq.length > 0 && (
        <section aria-labelledby="faq-heading" className="render-when-near mx-auto max-w-4xl px-4 py-14">
          <h2 id="faq-heading" className="text-2xl font-bold text-slate-900 sm:text-3xl">
            Questions parents ask
          </h2>
          <div className="mt-6 divide-y divide-slate-200">
            {faq.map((item, index) => (
              <details key={`${index}-${item.question}`} className="py-4">
                <summary className="cursor-pointer font-semibold text-slate-900">{item.question}</summary>
                <p className="mt-2 text-slate-700">{item.answer}</p>
              </details>
            ))}
          </div>
        </section>
      )}

      <section aria-labelledby="callback-heading" className="render-when-near mx-auto max-w-4xl px-4 pb-14">
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <h2 id="callback-heading" className="text-2xl font-bold text-slate-900">
            Prefer a chat first? We'll call you back
          </h2>
          <p className="mt-2 mb-6 text-slate-700">
            Leave your details and a tutor will ring you back during our opening hours. Or{' '}
            <a href={paths.freeAssessment} className="font-semibold text-blue-800 underline underline-offset-4">
              book the free assessment
            </a>{' '}
            straight away.
          </p>
          <CallbackFormIsland />
        </div>
      </section>

      <CtaBand
        title="See where your child is, for free"
        text="A 45-minute assessment with a qualified tutor, then honest advice on what would help. No obligation."
      />
    </>
  );
}
