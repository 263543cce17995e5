import { site } from '../../shared/site';
import { PageHero } from '../components/PageHero';
import { Seo } from '../lib/seo';

export function SecondaryTuitionPage() {
  return (
    <>
      <Seo
        title={`Secondary & GCSE Tuition in Middlesbrough | ${site.name}`}
        description="Secondary Maths, English and Science tuition for Years 7 to 11 in Middlesbrough, with GCSE preparation. Classes from £15 an hour."
      />
      <PageHero
        title="Secondary Tuition"
        lead="Maths, English and Science for Years 7 to 11, building towards strong GCSE results."
      />
    </>
  );
}
