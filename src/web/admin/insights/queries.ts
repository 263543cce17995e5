import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { InsightsQuery } from '../../../shared/analytics/insights';
import { adminQueryKey } from '../queries';
import type { InsightsApi } from './api';

/** The Insights screen's queries, each key with its fetcher. */
export const insightsQueries = {
  /** One range's report; the last one stays on screen while the next loads. */
  report: (insights: InsightsApi, range: InsightsQuery) =>
    queryOptions({
      queryKey: [...adminQueryKey, 'insights', range.from, range.to],
      queryFn: () => insights.report(range),
      placeholderData: keepPreviousData,
    }),
  /** The owner's own choice about the Monday report. */
  weeklyReportChoice: (insights: InsightsApi) =>
    queryOptions({
      queryKey: [...adminQueryKey, 'insights', 'weekly-report'],
      queryFn: () => insights.weeklyReportChoice(),
    }),
};
