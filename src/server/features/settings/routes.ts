import type { FeaturePlugin } from '../../context';
import { notFound } from '../../errors';
import { isSettingKey } from '../../../shared/settings';
import { createSettingsRepo } from './repo';

export const settingsRoutes: FeaturePlugin = async (app, { database }) => {
  const settings = createSettingsRepo(database.db);

  app.get<{ Params: { key: string } }>('/api/settings/:key', async (request, reply) => {
    const { key } = request.params;
    if (!isSettingKey(key)) throw notFound(`There is no setting called "${key}".`);
    reply.header('cache-control', 'no-cache');
    return settings.get(key);
  });
};
