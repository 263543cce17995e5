import { ACCESS_LOG_PAGE_SIZE, type AccessActorKind, type AccessLogPage } from '../../../shared/access-log/access-log';
import { accessLogQuerySchema } from '../../../shared/access-log/schemas';
import { accessLogPageSchema } from '../../../shared/access-log/responses';
import type { FeaturePlugin } from '../../context';
import { answers } from '../../responses';
import type { AccessLogFilters, AccessLogRepo } from './repo';

/** `account:12` → the account 12; `key` → the admin key (it has no id). */
function actorFilter(actor: string | undefined): AccessLogFilters['actor'] {
  if (actor === undefined) return undefined;
  const [kind, id] = actor.split(':') as [AccessActorKind, string | undefined];
  return { kind, id: id === undefined ? null : Number(id) };
}

/**
 * The owners' reading of the access log (decision 0058), newest first, filtered by who acted and
 * by enquiry. Reading it changes no page.
 */
export const accessLogRoutes: FeaturePlugin<{ repo: AccessLogRepo }> = async (app, { repo }) => {
  app.get(
    '/api/admin/access-log',
    {
      config: { role: 'owner', changesNoContent: true },
      schema: { querystring: accessLogQuerySchema, response: answers({ 200: accessLogPageSchema }) },
    },
    async (request) => {
      const { page = 1, pageSize = ACCESS_LOG_PAGE_SIZE, actor, enquiry } = request.query;
      const filters: AccessLogFilters = { actor: actorFilter(actor), enquiryId: enquiry };
      const [items, total] = await Promise.all([
        repo.list(filters, { limit: pageSize, offset: (page - 1) * pageSize }),
        repo.count(filters),
      ]);
      const body: AccessLogPage = { items, total, page, pageSize, pageCount: Math.ceil(total / pageSize) };
      return body;
    },
  );
};
