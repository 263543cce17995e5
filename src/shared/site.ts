/**
 * Every business fact the site shows lives here, so another centre can re-brand the site by
 * editing this one file. The defaults are fictional and clearly replaceable (docs/product.md#site-facts).
 */
export const site = {
  name: 'Northstar Tutors',
  /** Used in the /why-{shortName} route and in copy such as "Why Northstar?". */
  shortName: 'northstar',
  shortNameDisplay: 'Northstar',
  /** Shown when brand_text has no value: first word blue, second red. */
  brandFallbackWords: ['NORTHSTAR', 'TUTORS'] as const,
  phone: '01632 960123',
  email: 'hello@northstartutors.example',
  address: {
    street: 'Unit 4, Example Business Park',
    locality: 'Middlesbrough',
    postcode: 'TS1 2AB',
    region: 'North Yorkshire',
    country: 'GB',
  },
  ukprn: '10011877',
  trainingSiteUrl: 'https://training.northstartutors.example',
  social: {
    facebook: 'https://www.facebook.com/northstartutors.example',
    instagram: 'https://www.instagram.com/northstartutors.example',
    x: 'https://x.com/northstartutors_example',
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
  /** Opening hours as the contact page shows them. */
  openingHours: [
    { days: 'Mon-Fri', hours: '4:00 PM-8:00 PM' },
    { days: 'Sat & Sun', hours: '11:00 AM-4:00 PM' },
  ],
  /** Opening hours as structured data declares them (docs/product.md#constants). */
  structuredOpeningHours: [
    { days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], opens: '09:00', closes: '17:00' },
    { days: ['Saturday'], opens: '09:00', closes: '15:00' },
  ],
  serviceRadiusKm: 25,
  /** Centre of the service area in structured data (Middlesbrough town centre). */
  geo: { latitude: 54.5742, longitude: -1.235 },
  ratings: {
    business: { value: 4.8, count: 127 },
    course: { value: 4.9, count: 89 },
  },
  pricing: {
    classroom: { primary: 13, secondary: 15 },
    oneToOne: { primary: 35, secondary: 40 },
    fromPerHour: 14,
  },
  maxClassSize: 6,
  lessonsCompleted: 30000,
  yearsCovered: 'Years 1 to 11',
  parking: 'Parking is free for up to 3 hours. The car park closes at 7:30pm.',
  accessibility:
    'The teaching rooms are on the ground floor with step-free access from the car park. Tell us if your child needs anything else and we will have it ready.',
} as const;

export type Site = typeof site;
