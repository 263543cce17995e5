import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { type Appointment, appointmentMessage, foldLine, publishedCalendar } from './ics';

const appointment: Appointment = {
  uid: 'assessment-17@northstartutors.example',
  sequence: 0,
  stamp: new Date('2026-11-27T20:00:00Z'),
  start: '2026-03-30T15:00:00.000Z',
  end: '2026-03-30T15:45:00.000Z',
  summary: 'Free assessment, Northstar Tutors',
  location: '12 Linthorpe Road, Middlesbrough, TS1 1AA',
  description: 'Bring: a pencil; last report, if any.\nAsk for Amy at reception — ring 01632 960123.',
  organizer: { name: 'Northstar Tutors', email: 'hello@northstartutors.example' },
  attendee: { name: 'Ann "Annie" Lee', email: 'ann@example.test' },
};

/** The message as a maintained parser reads it, its London zone registered as a calendar would. */
function parsed(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  return { calendar, events: calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent)) };
}

describe('an appointment in the parent’s calendar', () => {
  it('is an invitation at the UK wall-clock time, with a stable UID, across the March clock change', () => {
    const { calendar, events } = parsed(appointmentMessage('REQUEST', appointment));
    const [event] = events;
    expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST');
    expect(event!.uid).toBe(appointment.uid);
    expect(event!.sequence).toBe(0);
    // Monday 30 March 2026 is BST: 16:00 on the office clock is 15:00 UTC.
    expect(event!.startDate.toString()).toBe('2026-03-30T16:00:00');
    expect(event!.startDate.zone.tzid).toBe('Europe/London');
    expect(event!.startDate.toJSDate().toISOString()).toBe(appointment.start);
    expect(event!.endDate.toJSDate().toISOString()).toBe(appointment.end);
    expect(event!.location).toBe(appointment.location);
    expect(event!.description).toBe(appointment.description);
    expect(event!.organizer).toBe('mailto:hello@northstartutors.example');
    expect(event!.attendees[0]!.getFirstValue()).toBe('mailto:ann@example.test');
    expect(event!.attendees[0]!.getParameter('cn')).toBe('Ann Annie Lee');
  });

  it('in winter keeps its wall-clock time too', () => {
    const winter = { ...appointment, start: '2026-11-30T16:00:00.000Z', end: '2026-11-30T16:45:00.000Z' };
    const [event] = parsed(appointmentMessage('REQUEST', winter)).events;
    expect(event!.startDate.toString()).toBe('2026-11-30T16:00:00');
    expect(event!.startDate.toJSDate().toISOString()).toBe(winter.start);
  });

  it('is cancelled by the same UID with a higher SEQUENCE and METHOD:CANCEL', () => {
    const text = appointmentMessage('CANCEL', { ...appointment, sequence: 2 });
    const { calendar, events } = parsed(text);
    expect(calendar.getFirstPropertyValue('method')).toBe('CANCEL');
    expect(events[0]!.uid).toBe(appointment.uid);
    expect(events[0]!.sequence).toBe(2);
    expect(events[0]!.component.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(text).not.toContain('METHOD:REQUEST');
  });

  it('cannot be given another property through a line break in a name or a text', () => {
    const hostile = {
      ...appointment,
      summary: 'Assessment\r\nMETHOD:CANCEL',
      attendee: { name: 'Ann\r\nATTENDEE:mailto:x@evil.test', email: 'ann@example.test' },
    };
    const text = appointmentMessage('REQUEST', hostile);
    const { calendar, events } = parsed(text);
    expect(calendar.getAllProperties('method')).toHaveLength(1);
    expect(events[0]!.attendees).toHaveLength(1);
    expect(events[0]!.summary).toBe('Assessment\nMETHOD:CANCEL');
  });

  it('ends every line with CRLF and folds long lines at 75 octets, never inside a character', () => {
    const text = appointmentMessage('REQUEST', { ...appointment, description: 'Ééé '.repeat(60) });
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/\n|\r/);
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(parsed(text).events[0]!.description).toBe('Ééé '.repeat(60));
    expect(foldLine('x'.repeat(75))).toBe('x'.repeat(75));
    expect(foldLine('x'.repeat(76))).toBe(`${'x'.repeat(75)}\r\n x`);
  });
});

describe('the closures’ calendar', () => {
  it('publishes each closure as all-day events, its UID the closure’s own', () => {
    const text = publishedCalendar(
      'Northstar Tutors: closures',
      [
        {
          uid: 'closure-christmas@northstartutors.example',
          from: '2026-12-24',
          to: '2027-01-02',
          summary: 'Closed',
          description: 'Christmas',
        },
        {
          uid: 'closure-inset@northstartutors.example',
          from: '2026-11-30',
          to: '2026-11-30',
          summary: 'Open 16:00 to 18:00',
          description: '',
        },
      ],
      new Date('2026-11-27T20:00:00Z'),
    );
    const { calendar, events } = parsed(text);
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(events.map((event) => event.uid)).toEqual([
      'closure-christmas@northstartutors.example',
      'closure-inset@northstartutors.example',
    ]);
    expect(events[0]!.startDate.isDate).toBe(true);
    expect(events[0]!.startDate.toString()).toBe('2026-12-24');
    // The end is the day after the last day closed.
    expect(events[0]!.endDate.toString()).toBe('2027-01-03');
    expect(events[1]!.endDate.toString()).toBe('2026-12-01');
  });
});
