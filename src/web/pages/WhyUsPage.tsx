import { site } from '../../shared/site';
import { type SiteDetails, formatPounds } from '../../shared/site-facts/site-facts';
import { InfoPageLayout } from '../components/layout/InfoPageLayout';
import { InfoCards } from '../components/sections/InfoCards';
import { useSiteFacts } from '../lib/site-data';

const reasonsFor = (details: SiteDetails) => [
  {
    title: `Classes of ${site.maxClassSize} at most`,
    text: 'Small enough for every child to ask questions and get feedback in every lesson, not once a week.',
  },
  {
    title: `${site.lessonsCompleted.toLocaleString('en-GB')}+ lessons taught`,
    text: 'Years of experience with the Teesside schools, their exam boards and the topics pupils find hardest.',
  },
  {
    title: `Rated ${site.ratings.business.value} out of 5`,
    text: `From ${site.ratings.business.count} reviews by parents and students.`,
  },
  {
    title: 'Free assessment first',
    text: 'We find out what your child needs before recommending anything, and you pay nothing to find out.',
  },
  {
    title: 'Fair, simple prices',
    text: `From ${formatPounds(details.pricing.classroom.primary)} an hour in class. No registration fee and no long contract.`,
  },
  {
    title: 'Registered provider',
    text: `A registered learning provider (UKPRN ${details.ukprn}), with tutors who are checked and trained.`,
  },
];

export function WhyUsPage() {
  const { details } = useSiteFacts();
  return (
    <InfoPageLayout
      meta={{
        title: `Why Choose ${details.name}? | Tuition in Middlesbrough`,
        description: `Why Teesside parents choose ${details.name}: classes of up to ${site.maxClassSize}, ${site.lessonsCompleted.toLocaleString('en-GB')}+ lessons taught, rated ${site.ratings.business.value}/5, and a free assessment first.`,
      }}
      hero={{
        title: `Why ${site.shortNameDisplay}?`,
        lead: 'Parents tell us they want three things: a tutor who knows their child, visible progress, and honest advice. Here is how we deliver them.',
      }}
      cta={{ title: 'See for yourself', text: 'Book a free assessment and trial lesson. No obligation, no pressure.' }}
    >
      <InfoCards id="reasons" title="What makes the difference" cards={reasonsFor(details)} />
    </InfoPageLayout>
  );
}
