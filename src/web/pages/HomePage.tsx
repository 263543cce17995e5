import { site } from '../../shared/site';
import { PageHero } from '../components/PageHero';
import { Seo } from '../lib/seo';

export function HomePage() {
  return (
    <>
      <Seo
        title={`${site.name} | Tutoring in Middlesbrough & Teesside`}
        description="Primary and secondary tuition, 11+, SATs and GCSE preparation in Middlesbrough and across Teesside. Small classes from £14 an hour. Book a free assessment."
      />
      <PageHero
        title="Tutoring in Middlesbrough that builds confidence"
        lead="Primary and secondary tuition, 11+, SATs and GCSE preparation in small classes of up to six, one to one, or online."
      />
    </>
  );
}
