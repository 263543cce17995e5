import { describe, expect, it } from 'vitest';
import { defaultSiteFacts } from './defaults';
import {
  announcedClosures,
  type Closure,
  comingClosures,
  describeClosure,
  fillPlaceholders,
  formatClockTime,
  formatPounds,
  shownFaq,
  shownTestimonials,
  unknownPlaceholders,
} from './site-facts';

const closure = (from: string, to: string, extra: Partial<Closure> = {}): Closure => ({
  id: `${from}-${to}`,
  from,
  to,
  opens: null,
  closes: null,
  note: '',
  ...extra,
});

describe('site facts as the pages print them', () => {
  it('prints prices in pounds, pence only when there are some', () => {
    expect(formatPounds(13)).toBe('£13');
    expect(formatPounds(13.5)).toBe('£13.50');
    expect(formatPounds(0.05)).toBe('£0.05');
  });

  it("prints 24-hour times on the contact page's 12-hour clock", () => {
    expect(['00:00', '09:05', '12:00', '16:00', '23:59'].map(formatClockTime)).toEqual([
      '12:00 AM',
      '9:05 AM',
      '12:00 PM',
      '4:00 PM',
      '11:59 PM',
    ]);
  });

  it('gives the default hours exactly as the specification words them', () => {
    const printed = defaultSiteFacts.hours.shown.map(
      (row) => `${row.days} ${formatClockTime(row.opens)}-${formatClockTime(row.closes)}`,
    );
    expect(printed).toEqual(['Mon-Fri 4:00 PM-8:00 PM', 'Sat & Sun 11:00 AM-4:00 PM']);
  });

  it('fills FAQ placeholders from the details in use, leaving unknown braces for the form to refuse', () => {
    const details = {
      ...defaultSiteFacts.details,
      pricing: { ...defaultSiteFacts.details.pricing, classroom: { primary: 14.5, secondary: 15 } },
    };
    expect(fillPlaceholders('From {classroom primary price} in {town}, {nope}.', details)).toBe(
      'From £14.50 in Middlesbrough, {nope}.',
    );
    expect(unknownPlaceholders('{from price} {nope} {phone} {also not}')).toEqual(['nope', 'also not']);
  });

  it('knows only its own facts, never the names every object inherits (issue 36)', () => {
    const inherited = ['__proto__', 'constructor', 'toString', '__defineGetter__', 'hasOwnProperty', 'valueOf'];
    const text = inherited.map((name) => `{${name}}`).join(' ');
    expect(unknownPlaceholders(text)).toEqual(inherited);
    // Left as typed: nothing is called, nothing prints "[object Object]".
    expect(fillPlaceholders(text, defaultSiteFacts.details)).toBe(text);
  });

  it('keeps the default FAQ words as they were when they lived in code', () => {
    const [cost, , , areas] = shownFaq(defaultSiteFacts);
    expect(cost!.answer).toBe(
      'Classroom tuition in groups of up to 6 costs £13 an hour for primary and £15 an hour for secondary pupils. One-to-one tuition costs £35 (primary) or £40 (secondary) an hour.',
    );
    expect(areas!.answer).toBe(
      'Our centre is in Middlesbrough and families come from Middlesbrough, Stockton, Billingham, Ingleby Barwick, Thornaby, Redcar, Yarm, Eaglescliffe, Acklam, Marton. Online lessons are available anywhere.',
    );
  });

  it('leaves hidden testimonials and questions out', () => {
    const facts = {
      ...defaultSiteFacts,
      testimonials: defaultSiteFacts.testimonials.map((item, index) => ({ ...item, shown: index !== 1 })),
      faq: defaultSiteFacts.faq.map((item, index) => ({ ...item, shown: index !== 0 })),
    };
    expect(shownTestimonials(facts).map((item) => item.id)).not.toContain('daniel-stockton');
    expect(shownTestimonials(facts)).toHaveLength(5);
    expect(shownFaq(facts).map((item) => item.question)).not.toContain('How much does tuition cost?');
  });
});

describe('closures', () => {
  const today = '2026-11-26';
  const christmas = closure('2026-12-22', '2027-01-02', { note: 'Christmas' });
  const over = closure('2026-11-01', '2026-11-25');
  const running = closure('2026-11-20', '2026-11-26');
  const farAway = closure('2027-05-27', '2027-05-27', { opens: '10:00', closes: '14:00' });

  it('announces those not over that start within 60 days, soonest first', () => {
    expect(announcedClosures([farAway, christmas, over, running], today)).toEqual([running, christmas]);
    // 60 days ahead is announced, 61 is not.
    expect(announcedClosures([closure('2027-01-25', '2027-01-25')], today)).toHaveLength(1);
    expect(announcedClosures([closure('2027-01-26', '2027-01-26')], today)).toHaveLength(0);
  });

  it('declares every closure not over yet to search engines', () => {
    expect(comingClosures([farAway, over, christmas, running], today)).toEqual([running, christmas, farAway]);
  });

  it('words a closure the way a parent reads it, with the year only when it is not this one', () => {
    expect(describeClosure(christmas, today)).toBe('Closed 22 December 2026 to 2 January 2027 (Christmas)');
    expect(describeClosure(closure('2026-12-01', '2026-12-03'), today)).toBe('Closed 1 December to 3 December');
    expect(describeClosure(closure('2026-12-24', '2026-12-24'), today)).toBe('Closed on 24 December');
    expect(describeClosure(farAway, today)).toBe('Open 10:00 AM-2:00 PM on 27 May 2027');
  });
});
