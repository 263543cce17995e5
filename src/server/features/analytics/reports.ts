import type { InsightsQuery } from '../../../shared/analytics/insights';
import type { Clock } from '../../../shared/clock';
import { replySettingsOf } from '../../../shared/enquiries/reply-settings';
import type { SiteFacts } from '../../../shared/site-facts/site-facts';
import type { Database } from '../../db/connection';
import { insightsReport } from './insights';

/**
 * The one way the Insights report is made (issue 50): the screen's API and the Monday e-mail both
 * ask here, with the centre's hours and reply target in force and the app's clock, so the same
 * range gives the same numbers wherever they are read.
 */
export function createReports({
  database,
  clock,
  siteFacts,
  counting,
}: {
  database: Database;
  clock: Clock;
  siteFacts: () => Promise<SiteFacts>;
  counting: boolean;
}) {
  return {
    insights: async (range: InsightsQuery) => {
      const facts = await siteFacts();
      // Read in one snapshot: a day's folded views and the raw views after them (decision 0082), or
      // a day totalled meanwhile, are never counted twice or missed between two of its reads.
      return database.db
        .transaction()
        .setIsolationLevel('repeatable read')
        .setAccessMode('read only')
        .execute((snapshot) =>
          insightsReport(snapshot, range, {
            counting,
            hours: facts.hours,
            targetMinutes: replySettingsOf(facts).targetMinutes,
            now: clock(),
          }),
        );
    },
  };
}

export type Reports = ReturnType<typeof createReports>;
