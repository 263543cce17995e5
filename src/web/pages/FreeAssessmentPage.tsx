import { site } from '../../shared/site';
import { PageHero } from '../components/PageHero';
import { Seo } from '../lib/seo';

export function FreeAssessmentPage() {
  return (
    <>
      <Seo
        title={`Book a Free Assessment | ${site.name}`}
        description={`Request a free assessment and free first lesson for your child at ${site.name} in Middlesbrough. No obligation.`}
      />
      <PageHero
        title="Book Your Free Assessment"
        lead="Tell us about your child and we will arrange a free assessment and a free first lesson, with no obligation."
      />
    </>
  );
}
