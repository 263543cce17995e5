import { site } from '../../shared/site';
import { PageHero } from '../components/PageHero';
import { Seo } from '../lib/seo';

export function PrivacyPage() {
  return (
    <>
      <Seo
        title={`Privacy Notice | ${site.name}`}
        description={`How ${site.name} collects, uses and keeps the information you share through our website forms.`}
      />
      <PageHero title="Privacy Notice" lead="How we collect, use and keep the information you give us." />
    </>
  );
}
