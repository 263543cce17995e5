import multipart from '@fastify/multipart';
import type { FeaturePlugin } from '../../context';
import { badRequest, notFound } from '../../errors';
import { parseInput } from '../../validation';
import { imageUpdateSchema, imageUploadFieldsSchema } from '../../../shared/image-schemas';
import { type ImageCategory, isImageCategory } from '../../../shared/images';
import { createSettingsRepo } from '../settings/repo';
import { createVariantBackfill } from './backfill';
import { processImage } from './pipeline';
import { createImagesRepo } from './repo';
import { readUpload } from './upload';

/** SPEC.md section 9: a logo is at most 5 MB whatever the general upload limit is. */
export const LOGO_MAX_BYTES = 5 * 1024 * 1024;
const oneYear = 60 * 60 * 24 * 365;

/** Only the spelling the site writes: '01', '1.0' and '0x1' are not image 1. */
const parseId = (value: string) => {
  if (!/^[1-9]\d{0,14}$/.test(value)) throw notFound('There is no such image.');
  return Number(value);
};

/** A file name safe to store and show: no folders, no control characters, not too long. */
const cleanFilename = (name: string) =>
  (name.split(/[\\/]/).pop() ?? '')
    .replace(/\p{Cc}/gu, '')
    .trim()
    .slice(0, 200) || 'image';

export const imagesRoutes: FeaturePlugin = async (app, { config, database }) => {
  // Registered inside this feature, so only its routes accept multipart bodies.
  await app.register(multipart, { throwFileSizeLimit: true });
  const images = createImagesRepo(database.db);
  const settings = createSettingsRepo(database.db);
  const limits = { maxPixels: config.imageMaxPixels };
  const backfillVariant = createVariantBackfill(images);

  app.get<{ Querystring: { q?: string; category?: string } }>('/api/images', async (request, reply) => {
    const q = typeof request.query.q === 'string' ? request.query.q.trim().slice(0, 200) : '';
    const rawCategory = typeof request.query.category === 'string' ? request.query.category : '';
    let category: ImageCategory | undefined;
    if (rawCategory !== '' && rawCategory !== 'all') {
      if (!isImageCategory(rawCategory)) throw badRequest(`There is no image category "${rawCategory}".`, 'category');
      category = rawCategory;
    }
    reply.header('cache-control', 'no-cache');
    return { images: await images.list({ q: q || undefined, category }) };
  });

  // The home page's hero and tuition-card images; public, like the list.
  app.get('/api/images/showcase', async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return images.showcase();
  });

  app.post('/api/admin/images', async (request, reply) => {
    const upload = await readUpload(request, 'image', config.imageMaxBytes);
    const fields = parseInput(imageUploadFieldsSchema, upload.fields);
    const processed = await processImage(upload.data, limits);
    const image = await images.create({ filename: cleanFilename(upload.filename), ...fields, processed });
    return reply.code(201).send(image);
  });

  app.patch<{ Params: { id: string } }>('/api/admin/images/:id', async (request) => {
    const id = parseId(request.params.id);
    const changes = parseInput(imageUpdateSchema, request.body);
    const image = await images.update(id, changes);
    if (!image) throw notFound('There is no such image.');
    return image;
  });

  app.delete<{ Params: { id: string } }>('/api/admin/images/:id', async (request, reply) => {
    const id = parseId(request.params.id);
    if (!(await images.delete(id))) throw notFound('There is no such image.');
    return reply.code(204).send();
  });

  app.post('/api/logo/upload', async (request) => {
    const upload = await readUpload(request, 'logo', Math.min(LOGO_MAX_BYTES, config.imageMaxBytes));
    const processed = await processImage(upload.data, limits);
    const image = await images.create({
      filename: cleanFilename(upload.filename),
      altText: 'Site logo',
      category: 'logo',
      processed,
    });
    await settings.set('site_logo', image.path);
    return { logoPath: image.path, image };
  });

  // Addresses include the content's fingerprint, so a cached copy can never be stale.
  app.get<{ Params: { id: string; token: string; file: string } }>(
    '/images/:id/:token/:file',
    async (request, reply) => {
      const id = parseId(request.params.id);
      const { token, file: name } = request.params;
      const file = (await images.file(id, token, name)) ?? (await backfillVariant(id, token, name));
      if (!file) throw notFound('There is no such image.');
      return reply
        .type(file.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', `public, max-age=${oneYear}, immutable`)
        .header('content-disposition', 'inline')
        .send(file.data);
    },
  );
};
