import { londonTimeZone } from '../../../shared/london-time';

/** Dates in the inbox: the centre's own time zone, whatever the staff member's computer says. */
export const inboxDateFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: londonTimeZone,
});

export const formatInboxDate = (iso: string) => inboxDateFormat.format(new Date(iso));
