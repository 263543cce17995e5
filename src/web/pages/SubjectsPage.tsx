import { site } from '../../shared/site';
import { serviceJsonLd } from '../../shared/structured-data';
import { InfoPageLayout } from '../components/layout/InfoPageLayout';
import { InfoCards } from '../components/sections/InfoCards';
import { useSiteFacts } from '../lib/site-data';

const subjects = [
  {
    name: 'English',
    text: 'Phonics and reading in the early years, then grammar, comprehension, creative and persuasive writing, and GCSE Language and Literature.',
    serviceType: 'English tuition',
  },
  {
    name: 'Maths',
    text: 'Number bonds and times tables, fractions and problem solving, then algebra, geometry and statistics up to GCSE Higher tier.',
    serviceType: 'Maths tuition',
  },
  {
    name: 'Science',
    text: 'Curious, practical science at primary, then GCSE Biology, Chemistry and Physics, combined or separate, with the required practicals.',
    serviceType: 'Science tuition',
  },
] as const;

export function SubjectsPage() {
  const { details } = useSiteFacts();
  return (
    <InfoPageLayout
      meta={{
        title: `English, Maths & Science Tuition | ${details.name}`,
        description: `English, Maths and Science tuition for ${site.yearsCovered} in Middlesbrough and online: SATs, 11+ and GCSE, in small classes or one to one.`,
      }}
      structuredData={(publicUrl) =>
        subjects.map((subject) =>
          serviceJsonLd(publicUrl, details, {
            name: `${subject.name} tuition`,
            description: subject.text,
            serviceType: subject.serviceType,
          }),
        )
      }
      hero={{
        title: 'Subject Tuition: English, Maths & Science',
        lead: `The three core subjects, taught by specialist tutors for ${site.yearsCovered}, in class, one to one or online.`,
      }}
      cta={{
        title: 'Which subject first?',
        text: "A free assessment in English, Maths or Science shows where to focus. We'll talk it through with you afterwards.",
      }}
    >
      <InfoCards
        id="subject-list"
        title="Our subjects"
        cards={subjects.map((subject) => ({ title: subject.name, text: subject.text }))}
      />
      <InfoCards
        id="exam-list"
        title="Exams we prepare for"
        cards={[
          { title: 'Key Stage 2 SATs', text: 'Reading, SPaG, arithmetic and reasoning papers in Year 6.' },
          {
            title: '11+ entrance tests',
            text: 'Verbal and non-verbal reasoning, English and Maths for selective schools.',
          },
          { title: 'GCSE and resits', text: 'AQA, Edexcel and OCR specifications, Foundation and Higher tiers.' },
        ]}
      />
    </InfoPageLayout>
  );
}
