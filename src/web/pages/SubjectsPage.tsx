import { site } from '../../shared/site';
import { PageHero } from '../components/PageHero';
import { Seo } from '../lib/seo';

export function SubjectsPage() {
  return (
    <>
      <Seo
        title={`English, Maths & Science Tuition | ${site.name}`}
        description="English, Maths and Science tuition for Years 1 to 11 in Middlesbrough and Teesside, in class, one to one or online."
      />
      <PageHero
        title="Subject Tuition: English, Maths & Science"
        lead="Specialist tutors for the core subjects, matched to your child's school year and the national curriculum."
      />
    </>
  );
}
