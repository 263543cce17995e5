import { site } from '../../shared/site';
import { PageHero } from '../components/PageHero';
import { Seo } from '../lib/seo';

export function PrimaryTuitionPage() {
  return (
    <>
      <Seo
        title={`Primary Tuition in Middlesbrough (Years 1-6) | ${site.name}`}
        description="Primary Maths and English tuition for Years 1 to 6 in Middlesbrough, including SATs and 11+ preparation. Classes from £13 an hour."
      />
      <PageHero
        title="Primary Tuition"
        lead="Maths and English support for Years 1 to 6, SATs and 11+ preparation, in small friendly groups or one to one."
      />
    </>
  );
}
