import type { SiteDetails } from '../../shared/site-facts/site-facts';

// The centre's own details as the public pages print and link them, from the site facts in use.

/** The telephone as a tel: link: the number without its spaces. */
export const centreTelHref = (details: Pick<SiteDetails, 'phone'>) => `tel:${details.phone.replace(/\s+/g, '')}`;

export const centreMailtoHref = (details: Pick<SiteDetails, 'email'>) => `mailto:${details.email}`;

/** The postal address on one line ('Unit 4, Example Business Park, Middlesbrough TS1 2AB'). */
export const centreAddressLine = ({ address }: Pick<SiteDetails, 'address'>) =>
  `${address.street}, ${address.locality} ${address.postcode}`;
