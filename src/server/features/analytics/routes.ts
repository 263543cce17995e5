import { z } from 'zod';
import type { FeaturePlugin } from '../../context';
import { answers, noContent } from '../../responses';
import type { PageViews } from './page-views';

/** The page an in-place navigation showed: its path and query, as the address bar has it. */
const shownSchema = z.object({ page: z.string().min(1).max(2000) }).strict();

/**
 * The beacon an in-place navigation sends when it shows a page it did not fetch just then (a
 * prefetch, or a copy fetched a moment earlier): that showing is a view the server has not seen.
 * Always `204`, counted or not; it says nothing back.
 */
export const pageShownRoutes: FeaturePlugin<{ pageViews: PageViews }> = async (app, { pageViews }) => {
  app.post(
    '/api/page-views',
    { bodyLimit: 4096, schema: { body: shownSchema, response: answers({ 204: noContent }) } },
    async (request, reply) => {
      await pageViews.shown(request, request.body.page);
      return reply.code(204).send();
    },
  );
};
