import type { WeeklyReportChoice } from '../../../shared/analytics/funnel';
import type { InsightsQuery, InsightsReport } from '../../../shared/analytics/insights';
import { useAdminCalls } from '../session';
import { type AdminTransport, search } from '../transport';

const weeklyReportPath = '/api/admin/insights/weekly-report';

/** The Insights screen's calls (decision 0070), over the admin's one transport. */
export function insightsApi({ json, send }: AdminTransport) {
  return {
    report: ({ from, to }: InsightsQuery) => json<InsightsReport>('GET', `/api/admin/insights${search({ from, to })}`),
    /** Whether the owner asking is sent the Monday report (issue 50). */
    weeklyReportChoice: () => json<WeeklyReportChoice>('GET', weeklyReportPath),
    chooseWeeklyReport: async (choice: WeeklyReportChoice) => void (await send('PUT', weeklyReportPath, choice)),
    sendWeeklyReport: () => json<{ sentTo: string }>('POST', `${weeklyReportPath}/send`),
  };
}

export type InsightsApi = ReturnType<typeof insightsApi>;

export const useInsightsApi = () => useAdminCalls(insightsApi);
