import { londonTimeZone } from '../../../shared/london-time';

/** Dates in the admin (the inbox's, invitations'): the centre's own time zone, whatever the staff member's computer says. */
export const adminDateFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: londonTimeZone,
});

export const formatAdminDate = (iso: string) => adminDateFormat.format(new Date(iso));
