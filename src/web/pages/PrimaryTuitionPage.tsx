import { site } from '../../shared/site';
import { formatPounds } from '../../shared/site-facts/site-facts';
import { courseJsonLd } from '../../shared/structured-data';
import { InfoPageLayout } from '../components/layout/InfoPageLayout';
import { InfoCards } from '../components/sections/InfoCards';
import { Pricing } from '../components/sections/Pricing';
import { useSiteFacts } from '../lib/site-data';

const cards = [
  {
    title: 'Reading and phonics',
    text: 'From blending sounds in Year 1 to reading for meaning in Year 6, with books pupils actually want to finish.',
  },
  {
    title: 'Times tables and number',
    text: 'Confident mental maths, the Year 4 multiplication check and the arithmetic paper, practised little and often.',
  },
  {
    title: 'Writing and grammar',
    text: 'Handwriting, spelling, punctuation and grammar, then planning and editing a piece of writing they are proud of.',
  },
  {
    title: 'Year 6 SATs',
    text: 'Reading, arithmetic, reasoning and SPaG papers under gentle timed conditions, so May holds no surprises.',
  },
  {
    title: '11+ preparation',
    text: 'Verbal and non-verbal reasoning, comprehension and problem solving for grammar and independent school entry.',
  },
  {
    title: 'Confidence first',
    text: `Classes of up to ${site.maxClassSize} mean every child is heard. Tutors praise effort and report to you after each block.`,
  },
];

export function PrimaryTuitionPage() {
  const { details } = useSiteFacts();
  return (
    <InfoPageLayout
      meta={{
        title: `Primary Tuition, Years 1 to 6 | ${details.name}, Middlesbrough`,
        description: `Primary English and Maths tuition in Middlesbrough: reading, phonics, times tables, SATs and 11+ preparation in classes of up to ${site.maxClassSize}. From ${formatPounds(details.pricing.classroom.primary)}/hour.`,
      }}
      structuredData={(publicUrl) => [
        courseJsonLd(publicUrl, details, {
          name: 'Primary English and Maths tuition',
          description: 'Small-group and one-to-one tuition for Years 1 to 6, including SATs and 11+ preparation.',
          serviceType: 'Primary tutoring',
        }),
      ]}
      hero={{
        title: 'Primary tuition for Years 1 to 6',
        lead: "Strong reading, writing and number skills make everything else easier. We build them step by step, at your child's pace, in a calm and friendly room.",
      }}
      cta={{
        title: 'Not sure where to start?',
        text: 'A free assessment shows exactly where your child is, and what would help most.',
      }}
    >
      <InfoCards id="primary-topics" title="What we cover" cards={cards} />
      <Pricing />
    </InfoPageLayout>
  );
}
