import { site } from '../../shared/site';
import { courseJsonLd } from '../../shared/structured-data';
import { InfoPageLayout } from '../components/layout/InfoPageLayout';
import { InfoCards } from '../components/sections/InfoCards';
import { useSiteFacts } from '../lib/site-data';

const cards = [
  {
    title: 'Maths and English to grade 4',
    text: 'A grade 4 in both opens college courses, apprenticeships and many jobs. We focus on the topics that carry the most marks.',
  },
  {
    title: 'Past papers, marked properly',
    text: 'Timed papers from AQA, Edexcel and OCR, marked against the real mark schemes, with the lost marks turned into next week’s lesson.',
  },
  {
    title: 'November and summer series',
    text: 'Courses run to the November resit series and the summer exams. We help you check which one you are entered for.',
  },
  {
    title: 'Small groups, adult approach',
    text: `No more than ${site.maxClassSize} students, many of them at college or working. Evening and weekend sessions fit around both.`,
  },
  {
    title: 'Exam technique',
    text: 'How to read a question, show working for method marks, plan an English answer and manage the clock.',
  },
  {
    title: 'Progress you can see',
    text: 'A starting assessment, a mock half way and a short report each month, so you know where you stand.',
  },
];

export function ExamResitsPage() {
  const { details } = useSiteFacts();
  return (
    <InfoPageLayout
      meta={{
        title: `GCSE Resits & Retakes in Maths and English | ${details.name}`,
        description:
          'GCSE Maths and English resit courses in Middlesbrough: six months of small-group lessons, marked past papers and exam technique, aimed at a grade 4 or better.',
      }}
      structuredData={(publicUrl) => [
        courseJsonLd(publicUrl, details, {
          name: 'GCSE Maths and English resit course',
          description: 'Six months of small-group GCSE resit preparation with marked past papers and exam technique.',
          serviceType: 'GCSE resit tuition',
          months: 6,
        }),
      ]}
      hero={{
        title: 'GCSE resits and retakes',
        lead: 'Missed the grade you needed? Our six-month resit course in Maths and English gets students to a grade 4 or better, with small groups and plenty of marked practice.',
      }}
      cta={{
        title: 'Find out where the marks are',
        text: 'The free assessment shows which topics will lift your grade fastest, before you spend a penny.',
      }}
    >
      <InfoCards id="resit-course" title="How the resit course works" cards={cards} />
    </InfoPageLayout>
  );
}
