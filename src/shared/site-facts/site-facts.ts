/**
 * The centre's own facts, which staff edit at /admin/site (docs/decisions/0059-editable-site-facts.md):
 * its details and prices, its opening hours and closures, its testimonials and FAQ. Texts the
 * specification fixes (headings, labels, messages) stay in code; these are the centre's words.
 * A fresh install reads `defaultSiteFacts`, the values the site was built with.
 */

import { addDays } from '../london-time';

export const weekDays = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
export type WeekDay = (typeof weekDays)[number];

export interface SiteDetails {
  name: string;
  phone: string;
  email: string;
  address: { street: string; locality: string; postcode: string; region: string };
  /** The ticker's list, in order; also the FAQ's and the structured data's areas served. */
  areasCovered: string[];
  /** Full https:// addresses; an empty one hides its icon. */
  social: { facebook: string; instagram: string; x: string };
  /** The UK Register of Learning Providers number (8 digits). */
  ukprn: string;
  /** Pounds per hour, at most two decimal places. */
  pricing: {
    classroom: { primary: number; secondary: number };
    oneToOne: { primary: number; secondary: number };
    /** The "from" price the marketing text quotes. */
    fromPerHour: number;
  };
}

/** Times are 24-hour 'HH:MM' on London's clock; dates are 'YYYY-MM-DD'. */
export interface ShownHours {
  /** The days as the contact page prints them ('Mon-Fri', 'Sat & Sun'). */
  days: string;
  opens: string;
  closes: string;
}

export interface DeclaredHours {
  days: WeekDay[];
  opens: string;
  closes: string;
}

/** A dated exception: closed all day when `opens` and `closes` are null, else open those hours. */
export interface Closure {
  id: string;
  from: string;
  to: string;
  opens: string | null;
  closes: string | null;
  /** Why, in a few words ('Christmas'); may be empty. */
  note: string;
}

export interface OpeningHours {
  /** What the contact page shows (docs/product.md#contact-page). */
  shown: ShownHours[];
  /** What structured data declares to search engines (docs/product.md#structured-data); kept apart on purpose. */
  declared: DeclaredHours[];
  closures: Closure[];
}

export interface Testimonial {
  id: string;
  text: string;
  author: string;
  rating: number;
  /** A hidden testimonial stays in the list for staff but is shown nowhere. */
  shown: boolean;
}

export interface FaqItem {
  id: string;
  question: string;
  /** May name facts in braces ({classroom primary price}): see `faqPlaceholders`. */
  answer: string;
  shown: boolean;
}

/**
 * The free assessment's booking rules (issue 41), as the centre sets them at /admin/site: a part
 * of the site facts, its rules and defaults in shared/bookings/settings.ts. Times are 'HH:MM' on
 * London's clock.
 */
export interface AssessmentSettings {
  /** How long one assessment takes. */
  lengthMinutes: number;
  /** How many assessments can run at the same time. */
  placesPerTime: number;
  /** Time kept free after each assessment, before the next may start. */
  bufferMinutes: number;
  /** How soon a parent may book: at least this many hours ahead, or from the next day. */
  minimumNotice: { hours: number } | 'next-day';
  /** How far ahead parents may book. */
  weeksAhead: number;
  /** Most assessments on one day, or null for no limit beyond the times themselves. */
  dailyLimit: number | null;
  /**
   * Hours before its time from which the parent's links no longer change or cancel a booking
   * (real elapsed hours; exactly this many hours before is already inside): they say to call.
   */
  cutoffHours: number;
  /** How many times the parent may change one booking by its link; staff's moves do not count. */
  changesPerBooking: number;
  /** Bookings still to come that one e-mail address, or one phone number, may hold at once. */
  bookingsPerFamily: number;
  /** When assessments are offered in an ordinary week (by default, the declared opening hours). */
  weeklyTimes: DeclaredHours[];
}

/**
 * How the office answers families (issue 50), as owners set it at /admin/site: the reply target in
 * opening time, and the reasons an enquiry may be Not going ahead (rules and defaults in
 * shared/enquiries/reply-settings.ts).
 */
export interface ReplySettings {
  /** Opening minutes a New enquiry may wait before its nudge (the owners' after four times as long). */
  targetMinutes: number;
  /** The reasons staff choose from, in order. */
  reasons: string[];
}

export interface SiteFacts {
  details: SiteDetails;
  hours: OpeningHours;
  testimonials: Testimonial[];
  faq: FaqItem[];
  /**
   * The free assessment's booking settings, or null until staff first save them: the defaults
   * then apply, following the opening hours (read them with shared/bookings/settings.ts's
   * `assessmentSettingsOf`, never directly).
   */
  assessment: AssessmentSettings | null;
  /**
   * How the office answers families (issue 50), or null until owners first save it: the defaults
   * apply (read it with shared/enquiries/reply-settings.ts's `replySettingsOf`, never directly).
   */
  replies: ReplySettings | null;
}

/** The parts staff save one at a time; each save is a revision of the whole. */
export const siteFactSections = ['details', 'hours', 'testimonials', 'faq', 'assessment', 'replies'] as const;
export type SiteFactSection = (typeof siteFactSections)[number];

/** Each part's heading on /admin/site, also how its saves and the access log name it. */
export const siteFactSectionLabels: Record<SiteFactSection, string> = {
  details: 'Details & prices',
  hours: 'Opening hours',
  testimonials: 'Testimonials',
  faq: 'FAQ',
  assessment: 'Free assessment bookings',
  replies: 'Replies to families',
};

/**
 * Who may save each section (decision 0059): the business's details and prices are the owners'
 * (decision 0058's "site settings"); hours, closures, testimonials and the FAQ are the editors'
 * words, as posts are; so are the free assessment's booking settings (issue 41). How fast the
 * office answers and why families drop out is the owners' to set (issue 50). Owners hold every role.
 */
export const sectionRoles = {
  details: 'owner',
  hours: 'editor',
  testimonials: 'editor',
  faq: 'editor',
  assessment: 'editor',
  replies: 'owner',
} as const satisfies Record<SiteFactSection, 'owner' | 'editor'>;

/** The facts in use and the revision they come from (null: nobody has saved any yet). */
export interface CurrentSiteFacts {
  revision: number | null;
  facts: SiteFacts;
}

/** Who the first version, the facts the site was built with, names as its saver. */
export const INITIAL_VERSION_SAVER = 'The website as built';

/** One earlier save, as the revisions list shows it. */
export interface SiteFactsRevision {
  id: number;
  savedAt: string;
  savedBy: string;
  /**
   * What that save changed, 'restore' for a restore, or 'initial' for the facts the site showed
   * before anyone saved (kept so the first save can be undone: decision 0059).
   */
  section: SiteFactSection | 'restore' | 'initial';
  /** For a restore, the revision it brought back. */
  restoredFrom: number | null;
}

/** A save names the revision its form started from; the server refuses it if that part changed since. */
export interface SiteFactsSave<Section extends SiteFactSection = SiteFactSection> {
  basedOn: number | null;
  value: SiteFacts[Section];
}

/** '£13' or '£13.50'. */
export function formatPounds(amount: number): string {
  return Number.isInteger(amount) ? `£${amount}` : `£${amount.toFixed(2)}`;
}

/** '16:00' → '4:00 PM' (the contact page's way). */
export function formatClockTime(time: string): string {
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  const suffix = hour < 12 ? 'AM' : 'PM';
  const twelve = hour % 12 === 0 ? 12 : hour % 12;
  return `${twelve}:${String(minute).padStart(2, '0')} ${suffix}`;
}

/** The facts an FAQ answer may name in braces, and what each becomes. */
export const faqPlaceholders: Record<string, (details: SiteDetails) => string> = {
  'classroom primary price': (details) => formatPounds(details.pricing.classroom.primary),
  'classroom secondary price': (details) => formatPounds(details.pricing.classroom.secondary),
  'one-to-one primary price': (details) => formatPounds(details.pricing.oneToOne.primary),
  'one-to-one secondary price': (details) => formatPounds(details.pricing.oneToOne.secondary),
  'from price': (details) => formatPounds(details.pricing.fromPerHour),
  'areas covered': (details) => details.areasCovered.join(', '),
  town: (details) => details.address.locality,
  phone: (details) => details.phone,
};

const placeholderPattern = /\{([^{}]{1,40})\}/g;

/**
 * The fact a placeholder names, looked up among the table's own names only: `name in` or a plain
 * index would also find Object.prototype's (`{__proto__}`, `{constructor}`, `{__defineGetter__}`),
 * and an answer naming one took the home page down (issue 36).
 */
function placeholderFact(name: string): ((details: SiteDetails) => string) | undefined {
  return Object.hasOwn(faqPlaceholders, name) ? faqPlaceholders[name] : undefined;
}

/** The braces in `text` that name no fact, for the form's message. */
export function unknownPlaceholders(text: string): string[] {
  return [...text.matchAll(placeholderPattern)]
    .map((match) => match[1]!)
    .filter((name) => placeholderFact(name) === undefined);
}

/** An FAQ answer with its placeholders filled in from the details in use. */
export function fillPlaceholders(text: string, details: SiteDetails): string {
  return text.replace(placeholderPattern, (whole, name: string) => placeholderFact(name)?.(details) ?? whole);
}

/** The shown testimonials and FAQ items, answers filled in: what every public place reads. */
export function shownTestimonials(facts: SiteFacts): Testimonial[] {
  return facts.testimonials.filter((testimonial) => testimonial.shown);
}

export function shownFaq(facts: SiteFacts): { question: string; answer: string }[] {
  return facts.faq
    .filter((item) => item.shown)
    .map((item) => ({ question: item.question, answer: fillPlaceholders(item.answer, facts.details) }));
}

/** How many days ahead the contact page announces a closure. */
export const CLOSURE_NOTICE_DAYS = 60;

/** The closures the contact page lists on `today` (London): those not over and starting within the notice. */
export function announcedClosures(closures: readonly Closure[], today: string): Closure[] {
  const horizon = addDays(today, CLOSURE_NOTICE_DAYS);
  return closures.filter((closure) => closure.to >= today && closure.from <= horizon).sort(byStart);
}

/** The closures structured data declares on `today`: every one not over yet. */
export function comingClosures(closures: readonly Closure[], today: string): Closure[] {
  return closures.filter((closure) => closure.to >= today).sort(byStart);
}

const byStart = (a: Closure, b: Closure) => a.from.localeCompare(b.from) || a.to.localeCompare(b.to);

const dayFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', timeZone: 'UTC' });
const dayFormatWithYear = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

function formatDay(date: string, withYear: boolean): string {
  return (withYear ? dayFormatWithYear : dayFormat).format(new Date(`${date}T00:00:00Z`));
}

/**
 * A closure as the contact page words it: 'Closed 22 December to 2 January (Christmas)',
 * 'Open 10:00 AM-2:00 PM on 27 May'. The year shows when the closure is not in `today`'s year.
 */
export function describeClosure(closure: Closure, today: string): string {
  const withYear = closure.from.slice(0, 4) !== today.slice(0, 4) || closure.to.slice(0, 4) !== today.slice(0, 4);
  const days =
    closure.from === closure.to
      ? `on ${formatDay(closure.from, withYear)}`
      : `${formatDay(closure.from, withYear)} to ${formatDay(closure.to, withYear)}`;
  const what =
    closure.opens && closure.closes
      ? `Open ${formatClockTime(closure.opens)}-${formatClockTime(closure.closes)} ${days}`
      : `Closed ${days}`;
  return closure.note ? `${what} (${closure.note})` : what;
}
