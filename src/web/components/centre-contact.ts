import { site } from '../../shared/site';

// The centre's own details as the public pages print and link them, built once from the site facts.

/** The telephone as a tel: link: the number without its spaces. */
export const centreTelHref = `tel:${site.phone.replace(/\s+/g, '')}`;

export const centreMailtoHref = `mailto:${site.email}`;

/** The postal address on one line ('Unit 4, Example Business Park, Middlesbrough TS1 2AB'). */
export const centreAddressLine = `${site.address.street}, ${site.address.locality} ${site.address.postcode}`;
