import type { FeaturePlugin } from '../../context';
import { z } from 'zod';
import { settingUpdateSchema } from '../../../shared/settings/schemas';
import { settingKeys } from '../../../shared/settings/settings';
import { settingValueSchema } from '../../../shared/settings/responses';
import { answers } from '../../responses';
import type { RecordAccess } from '../access-log';
import type { SettingsRepo } from './repo';

const settingParams = z.object({
  key: z.enum(settingKeys, { error: (issue) => `There is no setting called "${String(issue.input)}".` }),
});

export const settingsRoutes: FeaturePlugin<{ settings: SettingsRepo; record: RecordAccess }> = async (
  app,
  { settings, record },
) => {
  app.get(
    '/api/settings/:key',
    { schema: { params: settingParams, response: answers({ 200: settingValueSchema }) } },
    async (request, reply) => {
      reply.header('cache-control', 'no-cache');
      return settings.get(request.params.key);
    },
  );

  // Admin only (the admin hook protects every write under /api/, decision 0005); a success bumps the content
  // generation, so every process renders its pages afresh (decision 0014).
  // The settings are the logo and the brand text: the editors' (decision 0058). The access log
  // records which setting changed, not its value.
  app.post(
    '/api/settings',
    {
      config: { role: 'editor' },
      schema: { body: settingUpdateSchema, response: answers({ 200: settingValueSchema }) },
    },
    async (request) => {
      const { key, value } = request.body;
      const changed = await settings.set(key, value);
      await record(request, { action: 'setting.change', target: { kind: 'setting', id: key } });
      return changed;
    },
  );
};
