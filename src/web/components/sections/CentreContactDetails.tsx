import { useSiteFacts } from '../../lib/site-data';
import { centreAddressLine, centreMailtoHref, centreTelHref } from '../centre-contact';
import { Mail, MapPin, Phone } from '../icons';

const looks = {
  /** Light text on the footer's dark band. */
  footer: { address: 'grid gap-2 not-italic', icon: 'h-5 w-5 shrink-0', link: 'hover:text-white' },
  /** Dark text in a white card, blue icons. */
  card: {
    address: 'mt-4 grid gap-3 not-italic text-slate-800',
    icon: 'h-5 w-5 shrink-0 text-blue-800',
    link: 'underline-offset-4 hover:underline',
  },
};

/** The centre's address, telephone and e-mail, each on its line with its icon (the footer, the contact page). */
export function CentreContactDetails({ look }: { look: keyof typeof looks }) {
  const { address, icon, link } = looks[look];
  const { details } = useSiteFacts();
  return (
    <address className={address}>
      <span className="flex gap-2">
        <MapPin className={`mt-0.5 ${icon}`} aria-hidden="true" />
        {centreAddressLine(details)}
      </span>
      <a href={centreTelHref(details)} className={`flex gap-2 ${link}`}>
        <Phone className={icon} aria-hidden="true" />
        {details.phone}
      </a>
      <a href={centreMailtoHref(details)} className={`flex gap-2 break-all ${link}`}>
        <Mail className={icon} aria-hidden="true" />
        {details.email}
      </a>
    </address>
  );
}
