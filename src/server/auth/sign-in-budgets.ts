import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../db/connection';
import type { DatabaseSchema, SignInBudgetsTable } from '../db/schema';
import { type AppError, tooManyAttempts } from '../errors';
import { addressKey } from '../client-address';

/**
 * Sign-in budgets (decision 0058, "Budgets and the access log"): every password, key, token and
 * code attempt takes a place in the budgets it touches, all of them in one transaction, before
 * any hashing or comparison; when any is spent the attempt is refused at once and takes nothing.
 * An attempt that proves right gives its places back, so only failures (and attempts still
 * being judged) use a budget. The rows live in the database (sign_in_budgets), so every process
 * and instance counts the same.
 *
 * - The **address** budget: 10 places a quarter of an hour per address (an IPv6 client by its
 *   /64), shared by passwords, codes, keys and tokens.
 * - An account's **password back-off**, per e-mail address typed (whether or not an account has
 *   it, so the answer tells nobody who has one): 5 places at once, then each further place waits
 *   for the one before it: 1 s, 2 s, 4 s … up to a minute, forgotten an hour after the last. An
 *   address with a clean record (no place in its budget) is not made to wait, so strangers
 *   failing in a person's name cannot keep them out.
 * - An account's **wrong codes**: 10 an hour, from every address together; beyond them even the
 *   right code waits until the hour ends.
 */
export const signInLimits = {
  address: { places: 10, windowMs: 15 * 60_000 },
  password: { freePlaces: 5, firstWaitMs: 1000, longestWaitMs: 60_000, forgetAfterMs: 60 * 60_000 },
  codes: { places: 10, windowMs: 60 * 60_000 },
} as const;

export type SignInLimits = {
  address: { places: number; windowMs: number };
  password: { freePlaces: number; firstWaitMs: number; longestWaitMs: number; forgetAfterMs: number };
  codes: { places: number; windowMs: number };
};

type Row = Selectable<SignInBudgetsTable>;

/** One budget an attempt takes a place in. */
interface Place {
  key: string;
  /** Fixed window: the budget is whole again this long after its first place. */
  places?: number;
  windowMs?: number;
  /** The password back-off instead of a fixed window. */
  backOff?: SignInLimits['password'];
}

export type Taken =
  | {
      granted: true;
      /** The address had no place taken in its budget before this attempt. */
      clean: boolean;
      /** The attempt proved right: its places are given back. */
      giveBack(): Promise<void>;
    }
  | { granted: false; waitMs: number; spent: 'address' | 'account' };

export const addressBudgetKey = (ip: string) => `address|${addressKey(ip)}`;
export const passwordBudgetKey = (emailKey: string) => `password|${emailKey}`;
export const codesBudgetKey = (accountId: number) => `codes|${accountId}`;

const live = (row: Row, at: Date) => Date.parse(row.reset_at) > at.getTime();

/** How long the back-off makes the next place wait once `used` places are taken. */
function backOffWaitMs(used: number, rule: SignInLimits['password']): number {
  const beyond = used - rule.freePlaces;
  if (beyond < 0) return 0;
  return Math.min(rule.firstWaitMs * 2 ** Math.min(beyond, 30), rule.longestWaitMs);
}

export function createSignInBudgets(database: Database, limits: SignInLimits = signInLimits) {
  const { db, engine } = database;
  /**
   * One transaction of its own on PostgreSQL, where each row is locked in key order (so two
   * attempts never wait for each other in a circle); SQLite's group commit on SQLite, which
   * writes one transaction at a time and retries while another process holds the lock.
   */
  const inTransaction = <T>(work: (trx: Kysely<DatabaseSchema>) => Promise<T>): Promise<T> =>
    engine === 'postgres' ? db.transaction().execute(work) : database.writes.run(work);

  /** Each row, created empty if missing, locked until the transaction ends (the no-op update is the lock). */
  const lockRows = async (trx: Kysely<DatabaseSchema>, keys: string[], at: Date) => {
    const rows = new Map<string, Row>();
    for (const key of [...new Set(keys)].sort()) {
      const row = await trx
        .insertInto('sign_in_budgets')
        .values({ key, used: 0, reset_at: at.toISOString(), next_at: null, tripped: 0 })
        .onConflict((conflict) =>
          conflict.column('key').doUpdateSet((eb) => ({ used: eb.ref('sign_in_budgets.used') })),
        )
        .returningAll()
        .executeTakeFirstOrThrow();
      // A window that has ended is a whole budget again.
      rows.set(key, live(row, at) ? row : { key, used: 0, reset_at: at.toISOString(), next_at: null, tripped: 0 });
    }
    return rows;
  };

  const giveBack = (keys: string[], at: () => Date) => () =>
    inTransaction(async (trx) => {
      for (const key of [...keys].sort()) {
        await trx
          .updateTable('sign_in_budgets')
          .set((eb) => ({ used: eb('used', '-', 1) }))
          .where('key', '=', key)
          .where('used', '>', 0)
          .where('reset_at', '>', at().toISOString())
          .execute();
      }
    });

  /**
   * Takes a place in each budget, or in none: answers how long to wait when one is spent. `clean`
   * says whether the address (the first place) had none taken before.
   */
  const take = (places: Place[], at: Date, now: () => Date): Promise<Taken> =>
    inTransaction(async (trx): Promise<Taken> => {
      const rows = await lockRows(
        trx,
        places.map((place) => place.key),
        at,
      );
      const clean = rows.get(places[0]!.key)!.used === 0;
      const updates: Row[] = [];
      for (const place of places) {
        const row = rows.get(place.key)!;
        const spent = place === places[0] ? 'address' : 'account';
        const windowStarts = !live(row, at) || row.used === 0;
        if (place.backOff) {
          const next = row.next_at === null ? 0 : Date.parse(row.next_at) - at.getTime();
          if (next > 0 && !clean) {
            return { granted: false, waitMs: next, spent };
          }
          const used = row.used + 1;
          const waitMs = backOffWaitMs(used, place.backOff);
          updates.push({
            ...row,
            used,
            // A clean address neither waits nor makes anyone wait (its place still counts).
            next_at: waitMs > 0 && !clean ? new Date(at.getTime() + waitMs).toISOString() : row.next_at,
            // Forgotten an hour after the last attempt.
            reset_at: new Date(at.getTime() + place.backOff.forgetAfterMs).toISOString(),
          });
        } else {
          if (row.used >= place.places!) {
            return { granted: false, waitMs: Math.max(Date.parse(row.reset_at) - at.getTime(), 1), spent };
          }
          updates.push({
            ...row,
            used: row.used + 1,
            reset_at: windowStarts ? new Date(at.getTime() + place.windowMs!).toISOString() : row.reset_at,
            tripped: windowStarts ? 0 : row.tripped,
          });
        }
      }
      for (const row of updates) {
        await trx
          .updateTable('sign_in_budgets')
          .set({ used: row.used, reset_at: row.reset_at, next_at: row.next_at, tripped: row.tripped })
          .where('key', '=', row.key)
          .execute();
      }
      return {
        granted: true,
        clean,
        giveBack: giveBack(
          places.map((place) => place.key),
          now,
        ),
      };
    });

  const addressPlace = (ip: string): Place => ({ key: addressBudgetKey(ip), ...limits.address });

  return {
    limits,

    /** A password for the account `emailKey` names (canonical-email.ts), from `ip`. */
    takePasswordPlaces(ip: string, emailKey: string, now: () => Date): Promise<Taken> {
      return take([addressPlace(ip), { key: passwordBudgetKey(emailKey), backOff: limits.password }], now(), now);
    },

    /** A one-time code for `accountId`, from `ip`. */
    takeCodePlaces(ip: string, accountId: number, now: () => Date): Promise<Taken> {
      return take([addressPlace(ip), { key: codesBudgetKey(accountId), ...limits.codes }], now(), now);
    },

    /**
     * A key or token already found wrong (comparing a key is a hash of a few bytes, nothing to
     * spare): its place is taken and judged in one step, so guesses arriving together each get
     * their own place and no more than the budget are answered "wrong".
     */
    async takeWrongKeyPlace(ip: string, now: () => Date): Promise<Taken> {
      return take([addressPlace(ip)], now(), now);
    },

    /**
     * Milliseconds until the address may try again, or 0. A right key or token only reads: while
     * the address is spent it is refused like a wrong one, so a blocked guesser cannot tell them
     * apart, and scripts' right keys cost no write.
     */
    async addressWaitMs(ip: string, at: Date): Promise<number> {
      const row = await db
        .selectFrom('sign_in_budgets')
        .selectAll()
        .where('key', '=', addressBudgetKey(ip))
        .executeTakeFirst();
      if (!row || !live(row, at) || row.used < limits.address.places) return 0;
      return Date.parse(row.reset_at) - at.getTime();
    },

    /**
     * A wrong password: the account's next attempt from an address with a record waits from now.
     * (An address with a clean record neither waits nor, until it proves wrong, makes anyone
     * wait, so a right password from one delays nobody.)
     */
    passwordFailed(emailKey: string, now: () => Date): Promise<void> {
      return inTransaction(async (trx) => {
        const at = now();
        const row = (await lockRows(trx, [passwordBudgetKey(emailKey)], at)).get(passwordBudgetKey(emailKey))!;
        const waitMs = backOffWaitMs(row.used, limits.password);
        const next = new Date(at.getTime() + waitMs).toISOString();
        if (waitMs === 0 || (row.next_at !== null && row.next_at >= next)) return;
        await trx.updateTable('sign_in_budgets').set({ next_at: next }).where('key', '=', row.key).execute();
      });
    },

    /**
     * True once per window, for the attempt that finds the budget `key` spent to `threshold`
     * places: that attempt sends the window's one warning mail.
     */
    async tripOnce(key: string, threshold: number, at: Date): Promise<boolean> {
      const result = await db
        .updateTable('sign_in_budgets')
        .set({ tripped: 1 })
        .where('key', '=', key)
        .where('tripped', '=', 0)
        .where('used', '>=', threshold)
        .where('reset_at', '>', at.toISOString())
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}

export type SignInBudgets = ReturnType<typeof createSignInBudgets>;

/** Forgets budgets whose window has ended (the hourly tidy, beside the rate-limit counters). */
export async function deleteEndedBudgets(db: Kysely<DatabaseSchema>, at: Date): Promise<number> {
  const result = await db.deleteFrom('sign_in_budgets').where('reset_at', '<=', at.toISOString()).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The one answer to an address over its budget: 429 with when to try again. */
export function tooManySignIns(waitMs: number): AppError {
  return tooManyAttempts('Too many failed sign-in attempts. Please wait and try again.', waitMs);
}

/** The answer when a budget is spent: the address's, or the account's (its back-off, or its codes). */
export function budgetRefusal(taken: Extract<Taken, { granted: false }>, what: 'passwords' | 'codes') {
  if (taken.spent === 'address') return tooManySignIns(taken.waitMs);
  return what === 'passwords'
    ? tooManyAttempts(
        'Too many wrong passwords for this account. Please wait a moment and try again, or sign in with your passkey.',
        taken.waitMs,
      )
    : tooManyAttempts(
        'Too many wrong codes for this account. Codes are refused for now, even the right one: please sign in with your passkey, or try again later.',
        taken.waitMs,
        'code',
      );
}
