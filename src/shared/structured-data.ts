import { paths } from './routes';
import { site } from './site';

/**
 * JSON-LD for search engines (docs/product.md#structured-data and its constants).
 * Builders take the site's public URL so ids and links are absolute.
 */
const businessId = (publicUrl: string) => `${publicUrl}/#business`;

const rating = ({ value, count }: { value: number; count: number }) => ({
  '@type': 'AggregateRating',
  ratingValue: value,
  ratingCount: count,
  bestRating: 5,
  worstRating: 1,
});

export function businessJsonLd(publicUrl: string) {
  const { address } = site;
  return {
    '@context': 'https://schema.org',
    '@type': ['EducationalOrganization', 'LocalBusiness'],
    '@id': businessId(publicUrl),
    name: site.name,
    url: `${publicUrl}/`,
    logo: `${publicUrl}/favicon.svg`,
    image: `${publicUrl}/og-image.png`,
    telephone: site.phone,
    email: site.email,
    priceRange: `£${site.pricing.classroom.primary}-£${site.pricing.oneToOne.secondary} per hour`,
    address: {
      '@type': 'PostalAddress',
      streetAddress: address.street,
      addressLocality: address.locality,
      addressRegion: address.region,
      postalCode: address.postcode,
      addressCountry: address.country,
    },
    geo: { '@type': 'GeoCoordinates', ...site.geo },
    areaServed: {
      '@type': 'GeoCircle',
      geoMidpoint: { '@type': 'GeoCoordinates', ...site.geo },
      geoRadius: site.serviceRadiusKm * 1000,
    },
    openingHoursSpecification: site.structuredOpeningHours.map((entry) => ({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: entry.days,
      opens: entry.opens,
      closes: entry.closes,
    })),
    aggregateRating: rating(site.ratings.business),
    sameAs: Object.values(site.social),
  };
}

export function courseJsonLd(
  publicUrl: string,
  course: { name: string; description: string; serviceType: string; months?: number },
) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Course',
    name: course.name,
    description: course.description,
    serviceType: course.serviceType,
    provider: { '@type': 'EducationalOrganization', '@id': businessId(publicUrl), name: site.name },
    aggregateRating: rating(site.ratings.course),
    offers: { '@type': 'Offer', category: 'Paid', price: site.pricing.fromPerHour, priceCurrency: 'GBP' },
    hasCourseInstance: {
      '@type': 'CourseInstance',
      courseMode: ['Onsite', 'Online'],
      courseWorkload: `P${course.months ?? 3}M`,
      location: site.address.locality,
    },
    timeRequired: `P${course.months ?? 3}M`,
  };
}

export function serviceJsonLd(publicUrl: string, service: { name: string; description: string; serviceType: string }) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Service',
    name: service.name,
    description: service.description,
    serviceType: service.serviceType,
    provider: { '@id': businessId(publicUrl) },
    areaServed: site.areasCovered.map((name) => ({ '@type': 'Place', name })),
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

export function contactPageJsonLd(publicUrl: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'ContactPage',
    name: `Contact ${site.name}`,
    url: `${publicUrl}${paths.contact}`,
    about: { '@id': businessId(publicUrl) },
  };
}
