import { z } from 'zod';
import type { FeaturePlugin } from '../../context';
import { answers } from '../../responses';
import { siteCommit, siteVersion } from '../../version';

/** docs/product.md#api-health: whether the database answers, and which release this is. */
const health = (status: 'ok' | 'unavailable') =>
  z.object({ status: z.literal(status), version: z.string(), commit: z.string() });

export const healthRoutes: FeaturePlugin = async (app, { database }) => {
  app.get(
    '/api/health',
    { schema: { response: answers({ 200: health('ok'), 503: health('unavailable') }) } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      if (await database.ping()) return { status: 'ok' as const, version: siteVersion, commit: siteCommit };
      return reply.code(503).send({ status: 'unavailable' as const, version: siteVersion, commit: siteCommit });
    },
  );
};
