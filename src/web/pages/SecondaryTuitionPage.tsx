import { formatPounds } from '../../shared/site-facts/site-facts';
import { courseJsonLd } from '../../shared/structured-data';
import { InfoPageLayout } from '../components/layout/InfoPageLayout';
import { InfoCards } from '../components/sections/InfoCards';
import { Pricing } from '../components/sections/Pricing';
import { useSiteFacts } from '../lib/site-data';

const cards = [
  {
    title: 'Key Stage 3 foundations',
    text: 'Years 7 to 9: algebra, fractions, essay structure and scientific method, secured before GCSE options begin.',
  },
  {
    title: 'GCSE Maths',
    text: 'Foundation and Higher tiers, from number and ratio to the harder algebra and geometry that separate grades 6 to 9.',
  },
  {
    title: 'GCSE English',
    text: 'Language and Literature: unseen texts, set-text quotations and the timed writing tasks examiners reward.',
  },
  {
    title: 'GCSE Science',
    text: 'Combined and separate Biology, Chemistry and Physics, with the required practicals and the six-mark questions.',
  },
  {
    title: 'Mock exam support',
    text: 'We use the school’s mock results to target revision, then set our own timed papers before the real thing.',
  },
  {
    title: 'Special educational needs',
    text: 'Patient tutors who adapt for dyslexia, ADHD and autism, in small groups or one to one.',
  },
];

export function SecondaryTuitionPage() {
  const { details } = useSiteFacts();
  return (
    <InfoPageLayout
      meta={{
        title: `Secondary & GCSE Tuition, Years 7 to 11 | ${details.name}`,
        description: `GCSE and Key Stage 3 tuition in Maths, English and Science for Years 7 to 11 in Middlesbrough and online. Small classes from ${formatPounds(details.pricing.classroom.secondary)}/hour.`,
      }}
      structuredData={(publicUrl) => [
        courseJsonLd(publicUrl, details, {
          name: 'GCSE and Key Stage 3 tuition',
          description: 'Maths, English and Science tuition for Years 7 to 11, in small groups, one to one or online.',
          serviceType: 'Secondary tutoring',
        }),
      ]}
      hero={{
        title: 'Secondary and GCSE tuition for Years 7 to 11',
        lead: 'From the jump to secondary school to the last GCSE paper, we help students understand the work, practise what counts and walk into exams prepared.',
      }}
      cta={{
        title: 'Aiming for a particular grade?',
        text: 'Book a free assessment and we will show you the gap, and a plan to close it before the exams.',
      }}
    >
      <InfoCards id="secondary-topics" title="What we cover" cards={cards} />
      <Pricing />
    </InfoPageLayout>
  );
}
