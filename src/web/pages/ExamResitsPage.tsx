import { site } from '../../shared/site';
import { PageHero } from '../components/PageHero';
import { Seo } from '../lib/seo';

export function ExamResitsPage() {
  return (
    <>
      <Seo
        title={`GCSE Resits & Retakes in Middlesbrough | ${site.name}`}
        description="GCSE Maths and English resit and retake courses in Middlesbrough. Small groups, exam technique and past papers. Book a free assessment."
      />
      <PageHero
        title="GCSE Resits & Retakes"
        lead="Focused GCSE Maths and English resit courses for students in Middlesbrough and Teesside who need a grade 4 or better."
      />
    </>
  );
}
