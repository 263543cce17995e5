import { site } from '../../shared/site';
import { PageHero } from '../components/PageHero';
import { Seo } from '../lib/seo';

export function TermsPage() {
  return (
    <>
      <Seo
        title={`Terms of Use | ${site.name}`}
        description={`The terms that apply to the use of the ${site.name} website.`}
      />
      <PageHero title="Terms of Use" lead="The terms that apply when you use this website." />
    </>
  );
}
