import { z } from 'zod';
import { SHOWING_ID_PATTERN } from '../../../shared/analytics/page-shown';
import type { FeaturePlugin } from '../../context';
import { loggableError } from '../../log-redaction';
import { answers, noContent } from '../../responses';
import type { PageViews } from './page-views';

/**
 * The page shown (its path and query, as the address bar has it) and the showing's id. The id is
 * optional only for a page whose script came before ids (loaded before an upgrade): its showings
 * count, without the guard against a copy.
 */
const shownSchema = z
  .object({
    page: z.string().min(1).max(2000),
    showing: z.string().regex(SHOWING_ID_PATTERN, 'showing must be 16 to 64 letters, digits, - or _').optional(),
  })
  .strict();

/**
 * The beacon a public page sends when it is shown without the server having counted it: drawn in
 * place, or brought back by the browser without asking (decision 0065). Always `204`, counted or
 * not (a page that is not the site's own, a flood, a showing counted already): it says nothing back.
 */
export const pageShownRoutes: FeaturePlugin<{ pageViews: PageViews }> = async (app, { pageViews }) => {
  app.post(
    '/api/page-views',
    { bodyLimit: 4096, schema: { body: shownSchema, response: answers({ 204: noContent }) } },
    async (request, reply) => {
      try {
        await pageViews.shown(request, request.body);
      } catch (error) {
        // The known pages could not be read: the showing is not counted, the visitor is not told.
        request.log.error({ err: loggableError(error) }, 'a page shown could not be counted');
      }
      return reply.code(204).send();
    },
  );
};
