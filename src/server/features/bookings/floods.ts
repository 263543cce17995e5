import type { Kysely } from 'kysely';
import { addressKey, networkKey } from '../../client-address';
import { countHit } from '../../coordination/rate-limit-counters';
import type { DatabaseSchema } from '../../db/schema';
import type { GroupCommit } from '../../db/group-commit';
import { tooManyAttempts } from '../../errors';
import type { OutgoingEmail } from '../../mail/outbox';

/**
 * One client booking many times (issue 51's finding: one address took all 109 places in 3 s from
 * eleven /64s of one IPv6 /48). Beside the enquiry forms' per-address limit (an IPv6 client by its
 * /64) and the cap on one family's bookings:
 * - a booking from IPv6 also counts against its /48, with the same budget per 15 minutes;
 * - the office is told, once an hour for each, when one address (IPv4) or /48 (IPv6) has booked
 *   more than five times in that hour.
 */

/** The window of the /48's budget: the per-address limit's. */
const networkWindowMs = 15 * 60_000;

/** How many bookings in an hour from one address or /48 the office hears of (the next one tells it). */
export const floodNoticeAfter = 5;
const floodWindowMs = 60 * 60_000;

/** Whole minutes, at least one, in words: "1 minute", "12 minutes". */
const minutesInWords = (ms: number) => {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
};

/**
 * Counts a booking's attempt against its IPv6 /48 (nothing for IPv4, counted by its address
 * already) and refuses it (429, with when to try again) once the /48 has used `max` in the
 * window. Counted through the group commit, in the database, so every process counts the same.
 */
export async function holdNetworkBudget(
  writes: GroupCommit<DatabaseSchema>,
  ip: string,
  max: number,
  now: Date,
): Promise<void> {
  const network = networkKey(ip);
  if (!network) return;
  const hit = await writes.run((trx) => countHit(trx, `booking-net|${network}`, networkWindowMs, now));
  if (hit.count > max) {
    throw tooManyAttempts(
      `Too many bookings from your network. Please try again in ${minutesInWords(hit.ttlMs)}, or call us.`,
      Math.max(hit.ttlMs, 1),
    );
  }
}

/** Whom a booking is counted under for the office's notice: its IPv6 /48, or its IPv4 address. */
export const floodKey = (ip: string) => networkKey(ip) ?? addressKey(ip);

/**
 * Counts a booking made from `ip`, in its own transaction (a booking rolled back is not counted),
 * and answers the office's notice when this booking is the one past five in the hour's window:
 * once a window for each address or /48, however many follow.
 */
export async function floodNotice(
  trx: Kysely<DatabaseSchema>,
  ip: string,
  now: Date,
  office: { email: string; adminLink: string },
): Promise<OutgoingEmail | undefined> {
  const from = floodKey(ip);
  const hit = await countHit(trx, `booking-flood|${from}`, floodWindowMs, now);
  if (hit.count !== floodNoticeAfter + 1) return undefined;
  return {
    kind: 'booking-notice',
    recipient: office.email,
    subject: `Many bookings from one connection: ${hit.count} within an hour`,
    body: [
      // The connection's address is left out: it may be a family's, and this mail outlives any enquiry.
      `${hit.count} free assessments have been booked within an hour from one internet connection.`,
      'One family rarely books more than one. Look at Upcoming assessments and the inbox for bookings that seem made up, and cancel them there.',
      '',
      `The latest: ${office.adminLink}`,
      '',
      'You are told once an hour at most about one connection.',
    ].join('\n'),
  };
}
