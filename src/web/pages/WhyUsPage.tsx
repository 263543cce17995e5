import { site } from '../../shared/site';
import { PageHero } from '../components/PageHero';
import { Seo } from '../lib/seo';

export function WhyUsPage() {
  return (
    <>
      <Seo
        title={`Why Choose ${site.name} | Middlesbrough Tuition Centre`}
        description={`Why families across Teesside choose ${site.name}: classes of up to six, over 30,000 lessons taught and a free assessment to start.`}
      />
      <PageHero
        title={`Why ${site.shortNameDisplay}?`}
        lead="Small classes, qualified tutors and a free assessment before your child starts: here is what makes us different."
      />
    </>
  );
}
