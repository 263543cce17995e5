import { paths } from './routes';
import { site } from './site';
import { type Closure, type SiteDetails, type SiteFacts, comingClosures, formatPounds } from './site-facts/site-facts';

/**
 * JSON-LD for search engines (docs/product.md#structured-data and its constants).
 * Builders take the site's public URL so ids and links are absolute, and the site facts in use
 * (decision 0059) so what search engines read is what the page shows.
 */
const businessId = (publicUrl: string) => `${publicUrl}/#business`;

const rating = ({ value, count }: { value: number; count: number }) => ({
  '@type': 'AggregateRating',
  ratingValue: value,
  ratingCount: count,
  bestRating: 5,
  worstRating: 1,
});

/**
 * A closure as special opening hours for its days: closed all day is opens and closes at
 * midnight (schema.org's way), otherwise the special hours.
 */
const specialHours = (closure: Closure) => ({
  '@type': 'OpeningHoursSpecification',
  validFrom: closure.from,
  validThrough: closure.to,
  opens: closure.opens ?? '00:00',
  closes: closure.closes ?? '00:00',
});

/** The business, with its declared hours and every closure not over on `today` (London). */
export function businessJsonLd(publicUrl: string, { details, hours }: SiteFacts, today: string) {
  const { address, pricing } = details;
  return {
    '@context': 'https://schema.org',
    '@type': ['EducationalOrganization', 'LocalBusiness'],
    '@id': businessId(publicUrl),
    name: details.name,
    url: `${publicUrl}/`,
    logo: `${publicUrl}/favicon.svg`,
    image: `${publicUrl}/og-image.png`,
    telephone: details.phone,
    email: details.email,
    priceRange: `${formatPounds(pricing.classroom.primary)}-${formatPounds(pricing.oneToOne.secondary)} per hour`,
    address: {
      '@type': 'PostalAddress',
      streetAddress: address.street,
      addressLocality: address.locality,
      addressRegion: address.region,
      postalCode: address.postcode,
      addressCountry: site.country,
    },
    geo: { '@type': 'GeoCoordinates', ...site.geo },
    areaServed: {
      '@type': 'GeoCircle',
      geoMidpoint: { '@type': 'GeoCoordinates', ...site.geo },
      geoRadius: site.serviceRadiusKm * 1000,
    },
    openingHoursSpecification: [
      ...hours.declared.map((entry) => ({
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: entry.days,
        opens: entry.opens,
        closes: entry.closes,
      })),
      ...comingClosures(hours.closures, today).map(specialHours),
    ],
    aggregateRating: rating(site.ratings.business),
    // The free assessment can be booked or asked for on its page (issue 41).
    potentialAction: {
      '@type': 'ReserveAction',
      name: 'Book a free assessment',
      target: {
        '@type': 'EntryPoint',
        urlTemplate: `${publicUrl}${paths.freeAssessment}`,
        actionPlatform: ['https://schema.org/DesktopWebPlatform', 'https://schema.org/MobileWebPlatform'],
      },
      result: { '@type': 'Reservation', name: 'Free assessment' },
    },
    // An empty link is a network the centre is not on.
    sameAs: Object.values(details.social).filter((link) => link !== ''),
  };
}

export function courseJsonLd(
  publicUrl: string,
  details: SiteDetails,
  course: { name: string; description: string; serviceType: string; months?: number },
) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Course',
    name: course.name,
    description: course.description,
    serviceType: course.serviceType,
    provider: { '@type': 'EducationalOrganization', '@id': businessId(publicUrl), name: details.name },
    aggregateRating: rating(site.ratings.course),
    offers: { '@type': 'Offer', category: 'Paid', price: details.pricing.fromPerHour, priceCurrency: 'GBP' },
    hasCourseInstance: {
      '@type': 'CourseInstance',
      courseMode: ['Onsite', 'Online'],
      courseWorkload: `P${course.months ?? 3}M`,
      location: details.address.locality,
    },
    timeRequired: `P${course.months ?? 3}M`,
  };
}

export function serviceJsonLd(
  publicUrl: string,
  details: SiteDetails,
  service: { name: string; description: string; serviceType: string },
) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Service',
    name: service.name,
    description: service.description,
    serviceType: service.serviceType,
    provider: { '@id': businessId(publicUrl) },
    areaServed: details.areasCovered.map((name) => ({ '@type': 'Place', name })),
  };
}

export function faqJsonLd(items: readonly { question: string; answer: string }[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: items.map((item) => ({
      '@type': 'Question',
      name: item.question,
      acceptedAnswer: { '@type': 'Answer', text: item.answer },
    })),
  };
}

export function contactPageJsonLd(publicUrl: string, details: SiteDetails) {
  return {
    '@context': 'https://schema.org',
    '@type': 'ContactPage',
    name: `Contact ${details.name}`,
    url: `${publicUrl}${paths.contact}`,
    about: { '@id': businessId(publicUrl) },
  };
}
