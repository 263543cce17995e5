import type { FeaturePlugin } from '../../context';
import { siteVersion } from '../../version';

export const healthRoutes: FeaturePlugin = async (app, { database }) => {
  app.get('/api/health', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    if (await database.ping()) return { status: 'ok', version: siteVersion };
    return reply.code(503).send({ status: 'unavailable', version: siteVersion });
  });
};
