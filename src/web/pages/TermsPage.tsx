import { site } from '../../shared/site';
import { PageHero } from '../components/PageHero';
import { Seo } from '../lib/seo';
import { useSiteFacts } from '../lib/site-data';

const h2 = 'mt-10 text-2xl font-bold text-slate-900';

export function TermsPage() {
  const { details } = useSiteFacts();
  return (
    <>
      <Seo
        title={`Terms of Use | ${details.name}`}
        description={`The terms for using the ${details.name} website and booking a free assessment.`}
      />
      <PageHero title="Terms of Use" lead="The short version: use this site fairly, and ask us if anything is unclear.">
        <span />
      </PageHero>
      <article className="mx-auto max-w-3xl px-4 pb-14 text-slate-800 [&_p]:mt-3">
        <h2 className={h2}>About this website</h2>
        <p>
          This website is run by {details.name}, a tuition centre in {details.address.locality} (UKPRN {details.ukprn}).
          By using it you accept these terms.
        </p>
        <h2 className={h2}>Prices and availability</h2>
        <p>
          Prices shown are per hour and correct when published. Places in classes of up to {site.maxClassSize} are
          limited; we confirm a place, its time and its price in writing before any lesson is charged.
        </p>
        <h2 className={h2}>Free assessments and trial lessons</h2>
        <p>
          Free assessments and trial lessons carry no obligation and no charge. Please let us know at least 24 hours
          ahead if you cannot attend, so another family can have the slot.
        </p>
        <h2 className={h2}>Content</h2>
        <p>
          The text and images on this site belong to {details.name}. Blog articles are general guidance, not advice
          about a particular child. Links to other websites are for convenience; we are not responsible for their
          content.
        </p>
        <h2 className={h2}>Using the forms fairly</h2>
        <p>
          Please give accurate details and do not send automated or bulk messages. We may refuse messages that look like
          spam.
        </p>
        <h2 className={h2}>Contact</h2>
        <p>
          Questions about these terms: {details.email} or {details.phone}. These terms are governed by the law of
          England and Wales.
        </p>
      </article>
    </>
  );
}
