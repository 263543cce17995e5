import type { FeaturePlugin } from '../../context';
import { notFound } from '../../errors';
import { parseInput } from '../../validation';
import { settingUpdateSchema } from '../../../shared/setting-schemas';
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

  // Admin only (issue 4's hook protects every write under /api/); the page cache clears on success.
  app.post('/api/settings', async (request) => {
    const { key, value } = parseInput(settingUpdateSchema, request.body);
    return settings.set(key, value);
  });
};
