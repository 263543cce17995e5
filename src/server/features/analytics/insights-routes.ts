import { insightsQuerySchema, insightsReportSchema } from '../../../shared/analytics/insights';
import type { FeaturePlugin } from '../../context';
import { answers } from '../../responses';
import { insightsReport } from './insights';

/**
 * The owners' report (decision 0070): owners and the inbox's staff (role `enquiries`), not
 * editors. Counts only, nobody's details, so it is not in the access log. Its answer is declared
 * and serialised from the shared schema.
 */
export const insightsRoutes: FeaturePlugin = async (app, { config, database }) => {
  app.get(
    '/api/admin/insights',
    {
      config: { role: 'enquiries' },
      schema: { querystring: insightsQuerySchema, response: answers({ 200: insightsReportSchema }) },
    },
    async (request) => insightsReport(database.db, request.query, config.analytics),
  );
};
