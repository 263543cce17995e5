import { addDays, londonTimeZone, utcToLondonLocal } from '../../shared/london-time';

/**
 * iCalendar (RFC 5545) and its invitations (iTIP, RFC 5546), written by hand: a booking's
 * invitation and cancellation, and the closures' calendar (issue 41). Times are on London's
 * clock with its VTIMEZONE, so a calendar shows 16:00 on either side of a clock change; an
 * event keeps its UID for life and raises SEQUENCE with each change, so a cancellation
 * (METHOD:CANCEL) removes the very event the invitation put in the parent's calendar.
 */

/** Europe/London since 1996: BST from the last Sunday of March, GMT from the last Sunday of October. */
const londonTimeZoneBlock = [
  'BEGIN:VTIMEZONE',
  `TZID:${londonTimeZone}`,
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+0000',
  'TZOFFSETTO:+0100',
  'TZNAME:BST',
  'DTSTART:19810329T010000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0000',
  'TZNAME:GMT',
  'DTSTART:19961027T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
];

// eslint-disable-next-line no-control-regex -- removing control characters is the point
const controlCharacters = /[\u0000-\u001f\u007f]/g;

/** A TEXT value: backslash, semicolon, comma and line breaks escaped; no other control character. */
export const icsText = (text: string) =>
  text
    .replace(/\r\n?/g, '\n')
    .replace(/[\\;,]/g, (character) => `\\${character}`)
    .replace(/\n/g, '\\n')
    .replace(controlCharacters, '');

/** A parameter value (a name in CN=): quoted, without the characters a quoted value may not hold. */
const icsParameter = (text: string) => `"${text.replace(/"/g, '').replace(controlCharacters, '')}"`;

/** An address in a mailto: URI; addresses reach here validated, so only stray spaces and breaks are removed. */
const mailto = (email: string) => `mailto:${email.replace(/\s/g, '')}`;

/** Lines longer than 75 octets folded (a line break and a space), never inside a UTF-8 character. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const character of line) {
    const size = Buffer.byteLength(character);
    // The first line holds 75 octets; each continuation 74 after its leading space.
    if (octets + size > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += character;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

const calendar = (lines: readonly string[]) => `${lines.map(foldLine).join('\r\n')}\r\n`;

/** '20261130T160000Z' for an instant. */
const utcStamp = (instant: Date) =>
  instant
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** '20261130T160000': an instant on London's clock. */
const londonStamp = (iso: string) => `${utcToLondonLocal(iso).replace(/[-:]/g, '')}00`;

/** '20261130': a date. */
const dateStamp = (date: string) => date.replace(/-/g, '');

export interface Person {
  name: string;
  email: string;
}

/** One appointment, as the parent's calendar keeps it. */
export interface Appointment {
  /** For life: the same in the invitation, every update and the cancellation. */
  uid: string;
  /** Raised by each change and by the cancellation. */
  sequence: number;
  /** When this message was made. */
  stamp: Date;
  /** UTC instants. */
  start: string;
  end: string;
  summary: string;
  location: string;
  description: string;
  organizer: Person;
  attendee: Person;
}

/**
 * An invitation (METHOD:REQUEST, first or updated) or a cancellation (METHOD:CANCEL, the same
 * UID, a higher SEQUENCE, STATUS:CANCELLED) for one appointment.
 */
export function appointmentMessage(method: 'REQUEST' | 'CANCEL', appointment: Appointment): string {
  return calendar([
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Northstar Tutors//Free assessment//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${method}`,
    ...londonTimeZoneBlock,
    'BEGIN:VEVENT',
    `UID:${icsText(appointment.uid)}`,
    `SEQUENCE:${appointment.sequence}`,
    `DTSTAMP:${utcStamp(appointment.stamp)}`,
    `DTSTART;TZID=${londonTimeZone}:${londonStamp(appointment.start)}`,
    `DTEND;TZID=${londonTimeZone}:${londonStamp(appointment.end)}`,
    `SUMMARY:${icsText(appointment.summary)}`,
    `LOCATION:${icsText(appointment.location)}`,
    `DESCRIPTION:${icsText(appointment.description)}`,
    `ORGANIZER;CN=${icsParameter(appointment.organizer.name)}:${mailto(appointment.organizer.email)}`,
    `ATTENDEE;CN=${icsParameter(appointment.attendee.name)};ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED:${mailto(appointment.attendee.email)}`,
    `STATUS:${method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED'}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ]);
}

/** A day or run of days, as an all-day event: a closure, or special hours. */
export interface AllDayEvent {
  /** Stable while the thing it shows is edited. */
  uid: string;
  /** London dates, both included. */
  from: string;
  to: string;
  summary: string;
  description: string;
}

/** A calendar to subscribe to (METHOD:PUBLISH): the centre's closures and special hours. */
export function publishedCalendar(name: string, events: readonly AllDayEvent[], stamp: Date): string {
  return calendar([
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Northstar Tutors//Closures//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${icsText(name)}`,
    `X-WR-TIMEZONE:${londonTimeZone}`,
    ...events.flatMap((event) => [
      'BEGIN:VEVENT',
      `UID:${icsText(event.uid)}`,
      `DTSTAMP:${utcStamp(stamp)}`,
      `DTSTART;VALUE=DATE:${dateStamp(event.from)}`,
      // DTEND is the day after the last: an all-day event's end is not included.
      `DTEND;VALUE=DATE:${dateStamp(addDays(event.to, 1))}`,
      `SUMMARY:${icsText(event.summary)}`,
      `DESCRIPTION:${icsText(event.description)}`,
      'TRANSP:TRANSPARENT',
      'END:VEVENT',
    ]),
    'END:VCALENDAR',
  ]);
}
