import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Clock } from '../../../shared/clock';
import { addressKey } from '../../client-address';
import type { DatabaseSchema } from '../../db/schema';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC day of a moment, YYYY-MM-DD: the salt's and the counts' day. */
export const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/**
 * The day's salt, shared by every process and instance through the database: the first to ask
 * on a day makes it (an insert that loses a race reads the winner's). Salts of days before
 * yesterday are deleted as the day turns, so none outlives 48 hours from the start of its day;
 * this process forgets its copy when the day changes.
 */
export function createSalts(db: Kysely<DatabaseSchema>, clock: Clock) {
  let current: { day: string; salt: Promise<string> } | undefined;

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
    /** Deletes old salts once the day has turned, even on a day without visitors (a timer calls it). */
    async forgetOld(): Promise<void> {
      const day = dayOf(clock());
      if (day === checkedDay) return;
      await deleteOldSalts(db, clock());
      checkedDay = day;
    },
    /** Today's salt: at once from memory, or from the database on the day's first use here. */
    today(): { day: string; salt: string | Promise<string> } {
      const day = dayOf(clock());
      if (current?.day !== day) {
        const salt = load(day);
        current = { day, salt };
        // A failed read is tried again on the next request, not kept.
        salt.catch(() => {
          if (current?.salt === salt) current = undefined;
        });
      }
      return current;
    },
  };
}

/** Deletes the salts of days before yesterday: with them, yesterday's hashes can no longer be made again. */
export async function deleteOldSalts(db: Kysely<DatabaseSchema>, now: Date): Promise<void> {
  await db
    .deleteFrom('analytics_salts')
    .where('day', '<', dayOf(new Date(now.getTime() - DAY_MS)))
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
