import multipart from '@fastify/multipart';
import { LOGO_MAX_BYTES } from '../../../shared/settings/settings';
import { logoUploadedSchema } from '../../../shared/settings/responses';
import type { FeaturePlugin } from '../../context';
import { answers } from '../../responses';
import { readUpload, type StoreUpload } from '../images';
import type { RecordAccess } from '../access-log';
import type { SettingsRepo } from './repo';

/**
 * The logo upload: the image goes to the library (the images feature), its address to `site_logo`,
 * and `show_site_logo` is turned on in the same step: staff upload a logo to show it, and one that
 * stayed hidden behind a switch read as a failed upload (issue 38). The access log records it as a
 * change of that setting.
 */
export const logoRoutes: FeaturePlugin<{
  settings: SettingsRepo;
  storeUpload: StoreUpload;
  record: RecordAccess;
}> = async (app, { config, settings, storeUpload, record }) => {
  // Registered inside this plugin, so only the logo upload (and the images feature's) accept multipart bodies.
  await app.register(multipart, { throwFileSizeLimit: true });

  app.post(
    '/api/logo/upload',
    { config: { role: 'editor' }, schema: { response: answers({ 200: logoUploadedSchema }) } },
    async (request) => {
      const upload = await readUpload(request, 'logo', Math.min(LOGO_MAX_BYTES, config.imageMaxBytes));
      const image = await storeUpload(upload, { altText: 'Site logo', category: 'logo' });
      await settings.set('site_logo', image.path);
      await settings.set('show_site_logo', 'true');
      await record(request, { action: 'logo.upload', target: { kind: 'setting', id: 'site_logo' } });
      return { logoPath: image.path, shown: true, image };
    },
  );
};
