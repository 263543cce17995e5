import { type Kysely, sql } from 'kysely';
import { type EnquiryViewers, VIEWERS_SHOWN } from '../../../shared/access-log/access-log';
import type { DatabaseSchema } from '../../db/schema';

type Sighting = {
  enquiry_id: number | string;
  actor_kind: string;
  actor_id: number | null;
  actor_name: string;
  last_at: string;
  last_id: number | string;
};

/** Latest sighting first: by its moment, and within one millisecond by the log's order (its ids rise as entries are written). */
type Seen = { name: string; at: string; id: number };
const latestFirst = (a: Seen, b: Seen) => b.at.localeCompare(a.at) || b.id - a.id;

/** The access-log actions that put an enquiry's details in front of someone. */
const seeingActions = [
  'enquiry.list',
  'enquiry.read',
  'enquiry.export',
  'enquiry.update',
  'enquiry.note',
  // The assessments' views name the parent; a move, cancellation or attendance mark acts on the enquiry (decision 0073).
  'booking.list',
  'booking.move',
  'booking.cancel',
  'booking.attendance',
  'booking.another-time',
];

/**
 * Who has seen each of these enquiries, read from the access log (issue 38): anyone whose allowed
 * list, search, export, read, change or note showed it, latest first. One person is one account,
 * token or the key, under the name of their latest sighting. Two grouped queries, whatever the page size.
 */
export function createEnquiryViewers(db: Kysely<DatabaseSchema>) {
  return async function viewersOf(enquiryIds: readonly number[]): Promise<Map<number, EnquiryViewers>> {
    const found = new Map<number, EnquiryViewers>();
    if (enquiryIds.length === 0) return found;
    const grouped = ['actor_kind', 'actor_id', 'actor_name'] as const;
    const [shown, about] = await Promise.all([
      db
        .selectFrom('access_log_enquiries')
        .innerJoin('access_log', 'access_log.id', 'access_log_enquiries.entry_id')
        .select(['access_log_enquiries.enquiry_id', ...grouped])
        .select((eb) => [eb.fn.max('at').as('last_at'), eb.fn.max('access_log.id').as('last_id')])
        .where('access_log_enquiries.enquiry_id', 'in', enquiryIds)
        .where('outcome', '=', 'ok')
        .where('action', 'in', seeingActions)
        .groupBy(['access_log_enquiries.enquiry_id', ...grouped])
        .execute(),
      db
        .selectFrom('access_log')
        .select([sql<string>`target_id`.as('enquiry_id'), ...grouped])
        .select((eb) => [eb.fn.max('at').as('last_at'), eb.fn.max('id').as('last_id')])
        .where('target_kind', '=', 'enquiry')
        .where('target_id', 'in', enquiryIds.map(String))
        .where('outcome', '=', 'ok')
        .where('action', 'in', seeingActions)
        .groupBy(['target_id', ...grouped])
        .execute(),
    ]);
    const people = new Map<number, Map<string, Seen>>();
    for (const row of [...shown, ...about] as Sighting[]) {
      const enquiryId = Number(row.enquiry_id);
      const person = row.actor_kind === 'key' ? 'key' : `${row.actor_kind}:${row.actor_id}`;
      const seen = people.get(enquiryId) ?? new Map<string, Seen>();
      const sighting = { name: row.actor_name, at: row.last_at, id: Number(row.last_id) };
      const before = seen.get(person);
      if (!before || latestFirst(sighting, before) < 0) seen.set(person, sighting);
      people.set(enquiryId, seen);
    }
    for (const [enquiryId, seen] of people) {
      const latest = [...seen.values()].sort(latestFirst).map(({ name, at }) => ({ name, at }));
      found.set(enquiryId, {
        latest: latest.slice(0, VIEWERS_SHOWN),
        more: Math.max(0, latest.length - VIEWERS_SHOWN),
      });
    }
    return found;
  };
}

export type ViewersOf = ReturnType<typeof createEnquiryViewers>;
