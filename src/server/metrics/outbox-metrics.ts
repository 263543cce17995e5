import { type Kysely, sql } from 'kysely';
import { Counter, Gauge, type Registry } from 'prom-client';
import type { DatabaseSchema } from '../db/schema';
import type { Clock } from '../../shared/clock';

/**
 * The staff e-mail outbox, read from the database at scrape time, so every instance reports the
 * one shared outbox and nothing is counted in memory (decision 0024). Registered in the process
 * that sends the mail: the only process, or the cluster primary (decision 0027).
 */
export function registerOutboxMetrics(registry: Registry, db: Kysely<DatabaseSchema>, clock: Clock): void {
  new Gauge({
    name: 'mail_outbox_messages',
    help: 'Staff notification e-mails in the outbox, by status (failed: given up after every retry)',
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      const rows = await db
        .selectFrom('email_outbox')
        .select(['status', (eb) => eb.fn.countAll<number>().as('count')])
        .groupBy('status')
        .execute();
      for (const status of ['pending', 'sent', 'failed']) {
        this.set({ status }, Number(rows.find((row) => row.status === status)?.count ?? 0));
      }
    },
  });
  new Gauge({
    name: 'mail_outbox_oldest_pending_age_seconds',
    help: 'Age of the oldest e-mail still waiting to be sent (0 when none)',
    registers: [registry],
    async collect() {
      const row = await db
        .selectFrom('email_outbox')
        .select(sql<string | null>`min(created_at)`.as('oldest'))
        .where('status', '=', 'pending')
        .executeTakeFirst();
      const oldest = row?.oldest ? Date.parse(row.oldest) : undefined;
      this.set(oldest ? Math.max(0, (clock().getTime() - oldest) / 1000) : 0);
    },
  });
  new Counter({
    name: 'mail_send_failures_total',
    help: 'Failed attempts to send staff e-mail (each retry counts), over the outbox history',
    registers: [registry],
    async collect() {
      const row = await db
        .selectFrom('email_outbox')
        .select(
          sql<number>`coalesce(sum(case when status = 'sent' then attempts - 1 else attempts end), 0)`.as('failures'),
        )
        .executeTakeFirst();
      this.reset();
      this.inc(Number(row?.failures ?? 0));
    },
  });
}
