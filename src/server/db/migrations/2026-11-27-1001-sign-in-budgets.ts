import type { Kysely } from 'kysely';

/**
 * Sign-in budgets (decision 0058, issue 36): one row per budget, e.g. an address's
 * ('address|203.0.113.9', an IPv6 client by its /64), an account's wrong passwords
 * ('password|<canonical e-mail>') or its wrong codes ('codes|<account id>'). A place is taken in
 * every budget an attempt touches, in one transaction, before any hashing or comparison, and
 * given back when the attempt proves right:
 * - used: places taken in the window (failures, and attempts still being judged);
 * - reset_at: when the window ends and the budget is whole again;
 * - next_at: the password back-off's next free moment (null while no back-off applies);
 * - tripped: 1 once this window's one warning mail was sent.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sign_in_budgets')
    .addColumn('key', 'text', (column) => column.primaryKey())
    .addColumn('used', 'integer', (column) => column.notNull())
    .addColumn('reset_at', 'text', (column) => column.notNull())
    .addColumn('next_at', 'text')
    .addColumn('tripped', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('sign_in_budgets_reset').on('sign_in_budgets').column('reset_at').execute();
}
