import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Clock } from '../../../shared/clock';
import { londonDate } from '../../../shared/london-time';
import { addressKey } from '../../client-address';
import type { DatabaseSchema } from '../../db/schema';

/** Who was shown a page: on which (London) day, and that day's hash of who they are. */
export interface Visit {
  day: string;
  visitor: string;
}

/** The longest a salt is kept, from the start of its day. */
const SALT_KEEP_MS = 48 * 60 * 60 * 1000;

const HOUR_MS = 60 * 60 * 1000;
let cachedHour = NaN;
let cachedDay = '';

/**
 * The centre's (London) date of a moment, YYYY-MM-DD: the salt's and the counts' day, as staff
 * read it. Asked on every page view, and Intl's formatting costs tens of microseconds, so the date
 * is kept for the UTC hour: London's offset is whole hours, so its date never turns within one.
 */
export function dayOf(at: Date): string {
  const hour = Math.floor(at.getTime() / HOUR_MS);
  if (hour !== cachedHour) {
    cachedDay = londonDate(at);
    cachedHour = hour;
  }
  return cachedDay;
}

/**
 * The day's salt, shared by every process and instance through the database: the first to ask
 * on a day makes it (an insert that loses a race reads the winner's). A salt is deleted once 48
 * hours have passed since its day began (by the day after next, on the 25-hour day of October
 * an hour sooner), so none outlives 48 hours; this process forgets its copy when the day changes.
 */
export function createSalts(db: Kysely<DatabaseSchema>, clock: Clock) {
  let current: { day: string; salt: string | Promise<string> } | undefined;

  const load = async (day: string): Promise<string> => {
    await db
      .insertInto('analytics_salts')
      .values({ day, salt: crypto.randomBytes(32).toString('hex') })
      .onConflict((conflict) => conflict.column('day').doNothing())
      .execute();
    await deleteOldSalts(db, clock());
    const row = await db.selectFrom('analytics_salts').select('salt').where('day', '=', day).executeTakeFirstOrThrow();
    return row.salt;
  };

  let checkedDay = '';
  return {
    /** Deletes old salts as they reach 48 hours, even on a day without visitors (a timer calls it each minute). */
    async forgetOld(): Promise<void> {
      const oldest = dayOf(new Date(clock().getTime() - SALT_KEEP_MS));
      if (oldest === checkedDay) return;
      await deleteOldSalts(db, clock());
      checkedDay = oldest;
    },
    /** Today's salt: at once from memory, or from the database on the day's first use here. */
    today(): { day: string; salt: string | Promise<string> } {
      const day = dayOf(clock());
      if (current?.day !== day) {
        const salt = load(day);
        current = { day, salt };
        // Once read, the salt itself is kept, so a page view hashes at once without a promise's turn;
        // a failed read is tried again on the next request, not kept.
        salt.then(
          (value) => {
            if (current?.salt === salt) current = { day, salt: value };
          },
          () => {
            if (current?.salt === salt) current = undefined;
          },
        );
      }
      return current;
    },
  };
}

/**
 * Deletes the salts of days that began 48 hours ago or more (London days are 23 to 25 hours long,
 * so "before yesterday" alone would keep October's long day's salt 49 hours): with them, those
 * days' hashes can no longer be made again.
 */
export async function deleteOldSalts(db: Kysely<DatabaseSchema>, now: Date): Promise<void> {
  await db
    .deleteFrom('analytics_salts')
    .where('day', '<=', dayOf(new Date(now.getTime() - SALT_KEEP_MS)))
    .execute();
}

/**
 * A visitor for one day: the hash of the day's salt, the address (IPv6 by its /64, as every
 * per-address rule counts it), the user agent and the site. Neither the address nor the agent
 * is kept; once the salt is deleted, the hash cannot be linked to them again.
 */
export function visitorHash(salt: string, ip: string, userAgent: string, site: string): string {
  return crypto
    .createHash('sha256')
    .update(`${salt}\n${addressKey(ip)}\n${userAgent}\n${site}`)
    .digest('hex')
    .slice(0, 32);
}
