import type { InsightsQuery, InsightsReport } from '../../../shared/analytics/insights';
import { useAdminCalls } from '../session';
import { type AdminTransport, search } from '../transport';

/** The Insights screen's calls (decision 0070), over the admin's one transport. */
export function insightsApi({ json }: AdminTransport) {
  return {
    report: ({ from, to }: InsightsQuery) => json<InsightsReport>('GET', `/api/admin/insights${search({ from, to })}`),
  };
}

export type InsightsApi = ReturnType<typeof insightsApi>;

export const useInsightsApi = () => useAdminCalls(insightsApi);
