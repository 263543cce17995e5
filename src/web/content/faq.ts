import { site } from '../../shared/site';

/** Questions parents ask most; shown on the home page and declared as FAQ structured data. */
export const faq = [
  {
    question: 'How much does tuition cost?',
    answer: `Classroom tuition in groups of up to ${site.maxClassSize} costs £${site.pricing.classroom.primary} an hour for primary and £${site.pricing.classroom.secondary} an hour for secondary pupils. One-to-one tuition costs £${site.pricing.oneToOne.primary} (primary) or £${site.pricing.oneToOne.secondary} (secondary) an hour.`,
  },
  {
    question: 'What happens at the free assessment?',
    answer:
      'Your child spends about 45 minutes with a tutor working through short English, Maths or Science tasks for their year group. We then talk you through what they do well, where the gaps are and how we would close them. There is no obligation to book.',
  },
  {
    question: 'Which year groups and subjects do you teach?',
    answer: `We teach ${site.yearsCovered}: English, Maths and Science, SATs and 11+ preparation, GCSE courses and GCSE resits for older students.`,
  },
  {
    question: 'Which areas do you cover?',
    answer: `Our centre is in ${site.address.locality} and families come from ${site.areasCovered.join(', ')}. Online lessons are available anywhere.`,
  },
] as const;
