import type { Kysely } from 'kysely';
import type { Channel, EnquirySource } from '../../../shared/analytics/insights';
import type { DatabaseSchema } from '../../db/schema';

/** Where each of these enquiries came from (decision 0065), for the inbox's cards and the export; absent when not known. */
export function createSourcesOf(db: Kysely<DatabaseSchema>) {
  return async (ids: readonly number[]): Promise<Map<number, EnquirySource>> => {
    if (ids.length === 0) return new Map();
    const rows = await db
      .selectFrom('analytics_attribution')
      .select(['enquiry_id', 'landing_path', 'sent_from', 'channel', 'source', 'medium', 'campaign'])
      .where('enquiry_id', 'in', ids)
      .execute();
    return new Map(
      rows.map((row) => [
        row.enquiry_id,
        {
          landingPath: row.landing_path,
          sentFrom: row.sent_from,
          channel: row.channel as Channel,
          source: row.source,
          medium: row.medium,
          campaign: row.campaign,
        },
      ]),
    );
  };
}

export type SourcesOf = ReturnType<typeof createSourcesOf>;
