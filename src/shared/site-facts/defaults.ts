import { site } from '../site';
import type { SiteFacts } from './site-facts';

/**
 * What a fresh install shows until staff save their own: the facts the site was built with
 * (fictional and clearly replaceable, docs/product.md#site-facts). A site that edits nothing
 * looks exactly as it did when these lived in code.
 */
export const defaultSiteFacts: SiteFacts = {
  details: {
    name: 'Northstar Tutors',
    phone: '01632 960123',
    email: 'hello@northstartutors.example',
    address: {
      street: 'Unit 4, Example Business Park',
      locality: 'Middlesbrough',
      postcode: 'TS1 2AB',
      region: 'North Yorkshire',
    },
    areasCovered: [
      'Middlesbrough',
      'Stockton',
      'Billingham',
      'Ingleby Barwick',
      'Thornaby',
      'Redcar',
      'Yarm',
      'Eaglescliffe',
      'Acklam',
      'Marton',
    ],
    social: {
      facebook: 'https://www.facebook.com/northstartutors.example',
      instagram: 'https://www.instagram.com/northstartutors.example',
      x: 'https://x.com/northstartutors_example',
    },
    ukprn: '10011877',
    pricing: {
      classroom: { primary: 13, secondary: 15 },
      oneToOne: { primary: 35, secondary: 40 },
      fromPerHour: 14,
    },
  },
  hours: {
    shown: [
      { days: 'Mon-Fri', opens: '16:00', closes: '20:00' },
      { days: 'Sat & Sun', opens: '11:00', closes: '16:00' },
    ],
    declared: [
      { days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], opens: '09:00', closes: '17:00' },
      { days: ['Saturday'], opens: '09:00', closes: '15:00' },
    ],
    closures: [],
  },
  // docs/product.md#home: six testimonials, all rated 5.
  testimonials: [
    {
      id: 'sarah-acklam',
      text: 'My daughter went from a grade 3 to a grade 6 in GCSE Maths in two terms. The small class meant she finally asked questions.',
      author: 'Sarah, parent in Acklam',
      rating: 5,
      shown: true,
    },
    {
      id: 'daniel-stockton',
      text: 'The free assessment showed exactly where Oliver was stuck with reading. Six months on he reads at bedtime without being asked.',
      author: 'Daniel, parent in Stockton',
      rating: 5,
      shown: true,
    },
    {
      id: 'chloe-redcar',
      text: 'I needed a grade 4 in English for my college place. The resit course got me there first time.',
      author: 'Chloe, Year 12 student in Redcar',
      rating: 5,
      shown: true,
    },
    {
      id: 'priya-ingleby-barwick',
      text: 'Brilliant 11+ preparation. Clear feedback after every session and our son walked into the exam calm.',
      author: 'Priya, parent in Ingleby Barwick',
      rating: 5,
      shown: true,
    },
    {
      id: 'mark-billingham',
      text: 'Online lessons fit around shifts and football. The tutor knows the AQA Science papers inside out.',
      author: 'Mark, parent in Billingham',
      rating: 5,
      shown: true,
    },
    {
      id: 'helen-yarm',
      text: 'Friendly, patient and organised. Our twins look forward to Saturday sessions, which I never thought I would say.',
      author: 'Helen, parent in Yarm',
      rating: 5,
      shown: true,
    },
  ],
  // Questions parents ask most; shown on the home page and declared as FAQ structured data.
  faq: [
    {
      id: 'cost',
      question: 'How much does tuition cost?',
      answer: `Classroom tuition in groups of up to ${site.maxClassSize} costs {classroom primary price} an hour for primary and {classroom secondary price} an hour for secondary pupils. One-to-one tuition costs {one-to-one primary price} (primary) or {one-to-one secondary price} (secondary) an hour.`,
      shown: true,
    },
    {
      id: 'assessment',
      question: 'What happens at the free assessment?',
      answer:
        'Your child spends about 45 minutes with a tutor working through short English, Maths or Science tasks for their year group. We then talk you through what they do well, where the gaps are and how we would close them. There is no obligation to book.',
      shown: true,
    },
    {
      id: 'years-subjects',
      question: 'Which year groups and subjects do you teach?',
      answer: `We teach ${site.yearsCovered}: English, Maths and Science, SATs and 11+ preparation, GCSE courses and GCSE resits for older students.`,
      shown: true,
    },
    {
      id: 'areas',
      question: 'Which areas do you cover?',
      answer: 'Our centre is in {town} and families come from {areas covered}. Online lessons are available anywhere.',
      shown: true,
    },
  ],
  // Nobody has set the booking settings: the defaults apply (shared/bookings/settings.ts).
  assessment: null,
  replies: null,
};
