import type { FeaturePlugin } from '../../context';
import { z } from 'zod';
import { settingUpdateSchema } from '../../../shared/settings/schemas';
import { settingKeys } from '../../../shared/settings/settings';
import type { SettingsRepo } from './repo';

const settingParams = z.object({
  key: z.enum(settingKeys, { error: (issue) => `There is no setting called "${String(issue.input)}".` }),
});

export const settingsRoutes: FeaturePlugin<{ settings: SettingsRepo }> = async (app, { settings }) => {
  app.get('/api/settings/:key', { schema: { params: settingParams } }, async (request, reply) => {
    reply.header('cache-control', 'no-cache');
    return settings.get(request.params.key);
  });

  // Admin only (the admin hook protects every write under /api/, decision 0005); a success bumps the content
  // generation, so every process renders its pages afresh (decision 0014).
  // The settings are the logo and the brand text: the editors' (decision 0058).
  app.post('/api/settings', { config: { role: 'editor' }, schema: { body: settingUpdateSchema } }, async (request) => {
    const { key, value } = request.body;
    return settings.set(key, value);
  });
};
