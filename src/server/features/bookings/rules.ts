import type { BookedTime } from '../../../shared/bookings/bookings';
import {
  type OfferedDay,
  type OfferedTime,
  type Taken,
  nearestTimes,
  offeredDays,
} from '../../../shared/bookings/slots';
import { bufferMinutesLimit } from '../../../shared/bookings/settings';
import type { Clock } from '../../../shared/clock';
import type { AssessmentSettings } from '../../../shared/site-facts/site-facts';
import { londonDate, utcToLondonLocal } from '../../../shared/london-time';
import type { Database } from '../../db/connection';
import type { ReadSiteFacts } from '../site-facts';
import { takenFrom } from './repo';

const nothingTaken: Taken = { booked: [], placesAt: new Map(), perDay: new Map() };

/** A booking being moved: its own places do not count against the time or day it moves to. */
export interface OwnPlaces {
  startsAt: string;
  londonDate: string;
}

/** What is taken, less the booking itself: its span, one place at its own time and one in its own day. */
function withoutOwn(taken: Taken, own: OwnPlaces | undefined): Taken {
  if (!own) return taken;
  const placesAt = new Map(taken.placesAt);
  const perDay = new Map(taken.perDay);
  placesAt.set(own.startsAt, Math.max(0, (placesAt.get(own.startsAt) ?? 0) - 1));
  perDay.set(own.londonDate, Math.max(0, (perDay.get(own.londonDate) ?? 0) - 1));
  // Any one booking at its start stands for it: they hold the same times.
  const ownSpan = taken.booked.findIndex((span) => span.start === own.startsAt);
  const booked = ownSpan === -1 ? taken.booked : taken.booked.filter((_span, index) => index !== ownSpan);
  return { booked, placesAt, perDay };
}

/**
 * The rules a booking, a parent's change and a member of staff's move are all held to (decision
 * 0071): the time must be offered, and free. Shared by the parents' and the staff's services.
 */
export function bookingRules({
  database,
  clock,
  siteFacts,
  settingsOf,
}: {
  database: Database;
  clock: Clock;
  siteFacts: ReadSiteFacts;
  settingsOf: () => Promise<AssessmentSettings>;
}) {
  const { db } = database;

  /** The rules, the closures and what is booked, read together at `now`. */
  async function situation(now: Date) {
    const [settings, facts, taken] = await Promise.all([
      settingsOf(),
      siteFacts(),
      // A booking ended a little before now still keeps its buffer after it.
      takenFrom(db, new Date(now.getTime() - bufferMinutesLimit * 60_000).toISOString(), londonDate(now)),
    ]);
    return { settings, facts, taken, closures: facts.hours.closures };
  }

  /** The times free now, day by day; a booking being moved (`own`) does not count against its own time or day. */
  const offeredNow = async (now: Date, own?: OwnPlaces): Promise<OfferedDay[]> => {
    const { settings, closures, taken } = await situation(now);
    return offeredDays(settings, closures, withoutOwn(taken, own), now);
  };

  return {
    situation,
    offeredNow,

    /**
     * Whether the rules offer `startsAt` now (else 'not-offered'), and whether a place is free at
     * it (else the nearest that are). A booking being moved (`own`) does not count against itself:
     * it may move within a day whose daily limit it helps to reach, as its transaction allows.
     */
    async pick(startsAt: string, now: Date, own?: OwnPlaces) {
      const current = await situation(now);
      const { settings, closures } = current;
      const taken = withoutOwn(current.taken, own);
      const time = offeredDays(settings, closures, nothingTaken, now)
        .flatMap((day) => day.times)
        .find((candidate) => candidate.start === startsAt);
      if (!time) return { kind: 'not-offered' as const };
      const free = offeredDays(settings, closures, taken, now);
      if (!free.some((day) => day.times.some((candidate) => candidate.start === time.start))) {
        return { kind: 'taken' as const, nearest: nearestTimes(free, time.start) };
      }
      return { kind: 'free' as const, time, date: londonDate(new Date(time.start)), ...current };
    },

    /** The answer for a time taken since it was read: what is free now, nearest first. */
    takenSince: async (startsAt: string, own?: OwnPlaces) => ({
      kind: 'taken' as const,
      nearest: nearestTimes(await offeredNow(clock(), own), startsAt),
    }),

    bookedTime: (time: Pick<OfferedTime, 'start' | 'end'>, date: string): BookedTime => ({
      startsAt: time.start,
      endsAt: time.end,
      date,
      time: utcToLondonLocal(time.start).slice(11),
    }),

    /** Who booked: read inside a change's or cancellation's transaction, for its mails. */
    async parentOf(trx: Parameters<Parameters<Database['writes']['run']>[0]>[0], enquiryId: number) {
      const parent = await trx
        .selectFrom('contact_submissions')
        .select(['first_name', 'last_name', 'email'])
        .where('id', '=', enquiryId)
        .executeTakeFirstOrThrow();
      return { firstName: parent.first_name, lastName: parent.last_name, email: parent.email };
    },
  };
}

export type BookingRules = ReturnType<typeof bookingRules>;
