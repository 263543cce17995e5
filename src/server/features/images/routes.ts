import multipart from '@fastify/multipart';
import type { FeaturePlugin } from '../../context';
import { z } from 'zod';
import { notFound } from '../../errors';
import { idParams, parseInput } from '../../validation';
import { LOGO_MAX_BYTES } from '../../../shared/images';
import { imageListQuerySchema, imageUpdateSchema, imageUploadFieldsSchema } from '../../../shared/images-schemas';
import type { ImageUsage } from '../../../shared/bin';
import { createBlogRepo } from '../blog/repo';
import { createSettingsRepo } from '../settings/repo';
import { createVariantBackfill } from './backfill';
import { processImage } from './pipeline';
import { createImagesRepo } from './repo';
import { readUpload } from './upload';

const oneYear = 60 * 60 * 24 * 365;

const imageIdParams = idParams(() => 'There is no such image.');
const imageFileParams = imageIdParams.extend({ token: z.string(), file: z.string() });

/** A file name safe to store and show: no folders, no control characters, not too long. */
const cleanFilename = (name: string) =>
  (name.split(/[\\/]/).pop() ?? '')
    .replace(/\p{Cc}/gu, '')
    .trim()
    .slice(0, 200) || 'image';

/** The image id in one of our image addresses (/images/{id}/…), if it is one. */
function imageIdInPath(path: string): number | undefined {
  const match = /^\/images\/(\d{1,9})\//.exec(path);
  return match ? Number(match[1]) : undefined;
}

export const imagesRoutes: FeaturePlugin = async (app, { config, database }) => {
  // Registered inside this feature, so only its routes accept multipart bodies.
  await app.register(multipart, { throwFileSizeLimit: true });
  const images = createImagesRepo(database.db);
  const settings = createSettingsRepo(database.db);
  const blogPosts = createBlogRepo(database.db);
  const limits = { maxPixels: config.imageMaxPixels };
  const backfillVariant = createVariantBackfill(images);

  /**
   * Anyone may list the images the public pages show (the home page's and the logo in use), and no
   * others: the library also holds images for drafts and scheduled posts, whose names and alt text
   * can give a post away before its time (decision 0047). Staff list the whole library below.
   */
  app.get('/api/images', { schema: { querystring: imageListQuerySchema } }, async (request, reply) => {
    reply.header('cache-control', 'no-cache');
    const logo = imageIdInPath((await settings.get('site_logo')).value);
    const ids = [...(await images.showcaseIds()), ...(logo === undefined ? [] : [logo])];
    return { images: await images.list({ ...request.query, ids }) };
  });

  app.get('/api/admin/images', { schema: { querystring: imageListQuerySchema } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { images: await images.list(request.query) };
  });

  // The home page's hero and tuition-card images; public, like the list.
  app.get('/api/images/showcase', async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return images.showcase();
  });

  app.post('/api/admin/images', async (request, reply) => {
    const upload = await readUpload(request, 'image', config.imageMaxBytes);
    // Multipart: the text fields arrive in the stream with the file, so they are checked here.
    const fields = parseInput(imageUploadFieldsSchema, upload.fields);
    const processed = await processImage(upload.data, limits);
    const image = await images.create({ filename: cleanFilename(upload.filename), ...fields, processed });
    return reply.code(201).send(image);
  });

  app.patch(
    '/api/admin/images/:id',
    { schema: { params: imageIdParams, body: imageUpdateSchema } },
    async (request) => {
      const image = await images.update(request.params.id, request.body);
      if (!image) throw notFound('There is no such image.');
      return image;
    },
  );

  // Which posts show the image, asked before deleting it: their content or featured image points at it.
  app.get('/api/admin/images/:id/usage', { schema: { params: imageIdParams } }, async (request, reply) => {
    if (!(await images.find(request.params.id))) throw notFound('There is no such image.');
    reply.header('cache-control', 'no-store');
    const usage: ImageUsage = { posts: await blogPosts.usingImage(request.params.id) };
    return usage;
  });

  // Moves it to the Bin (docs/decisions/0036-bin.md): its addresses answer 404 until it is restored.
  app.delete('/api/admin/images/:id', { schema: { params: imageIdParams } }, async (request, reply) => {
    if (!(await images.bin(request.params.id))) throw notFound('There is no such image.');
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
  app.get('/images/:id/:token/:file', { schema: { params: imageFileParams } }, async (request, reply) => {
    const { id, token, file: name } = request.params;
    const file = (await images.file(id, token, name)) ?? (await backfillVariant(id, token, name));
    if (!file) throw notFound('There is no such image.');
    return reply
      .type(file.contentType)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', `public, max-age=${oneYear}, immutable`)
      .header('content-disposition', 'inline')
      .send(file.data);
  });
};
