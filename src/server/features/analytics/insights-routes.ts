import { ownAccountId } from '../../auth/principal';
import { insightsQuerySchema, insightsReportSchema } from '../../../shared/analytics/insights';
import { weeklyReportChoiceSchema, weeklyReportSentSchema } from '../../../shared/analytics/funnel';
import type { FeaturePlugin } from '../../context';
import { AppError, tooManyAttempts } from '../../errors';
import { answers, noContent } from '../../responses';
import type { Reports } from './reports';
import { SEND_NOW_EVERY_MS, type WeeklyReport } from './weekly-report';

const owner = { role: 'owner', changesNoContent: true } as const;

/**
 * The owners' report (decision 0070): owners and the inbox's staff (role `enquiries`), not
 * editors. Counts only, nobody's details, so it is not in the access log. Its answer is declared
 * and serialised from the shared schema. The Monday report's choices are each owner's own.
 */
export const insightsRoutes: FeaturePlugin<{ reports: Reports; weeklyReport: WeeklyReport }> = async (
  app,
  { reports, weeklyReport },
) => {
  app.get(
    '/api/admin/insights',
    {
      config: { role: 'enquiries' },
      schema: { querystring: insightsQuerySchema, response: answers({ 200: insightsReportSchema }) },
    },
    async (request) => reports.insights(request.query),
  );

  app.get(
    '/api/admin/insights/weekly-report',
    { config: owner, schema: { response: answers({ 200: weeklyReportChoiceSchema }) } },
    async (request) => ({ send: await weeklyReport.isOptedIn(ownAccountId(request.adminAuth!.principal)) }),
  );

  app.put(
    '/api/admin/insights/weekly-report',
    { config: owner, schema: { body: weeklyReportChoiceSchema, response: answers({ 204: noContent }) } },
    async (request, reply) => {
      await weeklyReport.setOptedIn(ownAccountId(request.adminAuth!.principal), request.body.send);
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/admin/insights/weekly-report/send',
    { config: owner, schema: { response: answers({ 202: weeklyReportSentSchema }) } },
    async (request, reply) => {
      const sent = await weeklyReport.sendNow(ownAccountId(request.adminAuth!.principal));
      if ('mailOff' in sent)
        throw new AppError(409, 'MAIL_OFF', 'E-mail is off on this server, so the report cannot be sent.');
      if ('tooSoon' in sent)
        throw tooManyAttempts('The report is already on its way: look for it in your inbox.', SEND_NOW_EVERY_MS);
      return reply.code(202).send(sent);
    },
  );
};
