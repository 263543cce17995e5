/**
 * The fixed facts the site is built around: what shapes routes, the product or the copy the
 * specification fixes. The centre's own facts (name, phone, address, prices, hours, areas,
 * testimonials, FAQ) are edited at /admin/site and read from `SiteFacts` (decision 0059).
 */
export const site = {
  /** Used in the /why-{shortName} route and in copy such as "Why Northstar?". */
  shortName: 'northstar',
  shortNameDisplay: 'Northstar',
  /** The address's country in structured data: the site serves UK centres only. */
  country: 'GB',
  trainingSiteUrl: 'https://training.northstartutors.example',
  serviceRadiusKm: 25,
  /** Centre of the service area in structured data (Middlesbrough town centre). */
  geo: { latitude: 54.5742, longitude: -1.235 },
  ratings: {
    business: { value: 4.8, count: 127 },
    course: { value: 4.9, count: 89 },
  },
  maxClassSize: 6,
  lessonsCompleted: 30000,
  yearsCovered: 'Years 1 to 11',
  parking: 'Parking is free for up to 3 hours. The car park closes at 7:30pm.',
  accessibility:
    'The teaching rooms are on the ground floor with step-free access from the car park. Tell us if your child needs anything else and we will have it ready.',
} as const;

export type Site = typeof site;
