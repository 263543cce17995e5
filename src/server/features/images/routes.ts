import multipart from '@fastify/multipart';
import { imageUsageSchema } from '../../../shared/bin/responses';
import { imageListSchema, imageRecordSchema, showcaseImagesSchema } from '../../../shared/images/responses';
import type { FeaturePlugin } from '../../context';
import { answers, noContent, notJson } from '../../responses';
import { actingFor } from '../../auth/principal';
import { z } from 'zod';
import { notFound } from '../../errors';
import { idParams, parseInput } from '../../validation';
import type { RecordAccess } from '../access-log';
import { imageListQuerySchema, imageUpdateSchema, imageUploadFieldsSchema } from '../../../shared/images/schemas';
import type { ImageUsage } from '../../../shared/bin/bin';
import { createVariantBackfill } from './backfill';
import type { ImagesRepo } from './repo';
import { readUpload, type StoreUpload } from './upload';

const oneYear = 60 * 60 * 24 * 365;

const imageIdParams = idParams(() => 'There is no such image.');
const imageFileParams = imageIdParams.extend({ token: z.string(), file: z.string() });
/** The image library's staff routes are the editors' (decision 0058). */
const editor = { role: 'editor' } as const;

/** The image id in one of our image addresses (/images/{id}/…), if it is one. */
function imageIdInPath(path: string): number | undefined {
  const match = /^\/images\/(\d{1,9})\//.exec(path);
  return match ? Number(match[1]) : undefined;
}

export interface ImagesRouteUses {
  images: ImagesRepo;
  storeUpload: StoreUpload;
  /** The address of the logo in use ('' for none): the settings feature's. */
  logoAddress: () => Promise<string>;
  /** The posts that show an image: the blog's. */
  postsUsingImage: (imageId: number) => Promise<ImageUsage['posts']>;
  /** The access log: each staff write to the library is recorded (who changed this image). */
  record: RecordAccess;
}

export const imagesRoutes: FeaturePlugin<ImagesRouteUses> = async (
  app,
  { config, images, storeUpload, logoAddress, postsUsingImage, record },
) => {
  // Registered inside this feature, so only its routes (and the logo upload's) accept multipart bodies.
  await app.register(multipart, { throwFileSizeLimit: true });
  const backfillVariant = createVariantBackfill(images);
  const list = answers({ 200: imageListSchema });

  /**
   * Anyone may list the images the public pages show (the home page's and the logo in use), and no
   * others: the library also holds images for drafts and scheduled posts, whose names and alt text
   * can give a post away before its time (decision 0047). Staff list the whole library below.
   */
  app.get('/api/images', { schema: { querystring: imageListQuerySchema, response: list } }, async (request, reply) => {
    reply.header('cache-control', 'no-cache');
    const logo = imageIdInPath(await logoAddress());
    const ids = [...(await images.showcaseIds()), ...(logo === undefined ? [] : [logo])];
    return { images: await images.list({ ...request.query, ids }) };
  });

  app.get(
    '/api/admin/images',
    { config: editor, schema: { querystring: imageListQuerySchema, response: list } },
    async (request) => {
      return { images: await images.list(request.query) };
    },
  );

  // The home page's hero and tuition-card images; public, like the list.
  app.get(
    '/api/images/showcase',
    { schema: { response: answers({ 200: showcaseImagesSchema }) } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return images.showcase();
    },
  );

  app.post(
    '/api/admin/images',
    { config: editor, schema: { response: answers({ 201: imageRecordSchema }) } },
    async (request, reply) => {
      const upload = await readUpload(request, 'image', config.imageMaxBytes);
      // Multipart: the text fields arrive in the stream with the file, so they are checked here.
      const fields = parseInput(imageUploadFieldsSchema, upload.fields);
      const stored = await storeUpload(upload, fields);
      await record(request, { action: 'image.upload', target: { kind: 'image', id: stored.id } });
      return reply.code(201).send(stored);
    },
  );

  app.patch(
    '/api/admin/images/:id',
    {
      config: editor,
      schema: { params: imageIdParams, body: imageUpdateSchema, response: answers({ 200: imageRecordSchema }) },
    },
    async (request) => {
      const image = await images.update(request.params.id, request.body);
      if (!image) throw notFound('There is no such image.');
      await record(request, { action: 'image.update', target: { kind: 'image', id: request.params.id } });
      return image;
    },
  );

  // Which posts show the image, asked before deleting it: their content or featured image points at it.
  app.get(
    '/api/admin/images/:id/usage',
    { config: editor, schema: { params: imageIdParams, response: answers({ 200: imageUsageSchema }) } },
    async (request) => {
      if (!(await images.find(request.params.id))) throw notFound('There is no such image.');
      const usage: ImageUsage = { posts: await postsUsingImage(request.params.id) };
      return usage;
    },
  );

  // Moves it to the Bin (docs/decisions/0036-bin.md): its addresses answer 404 until it is restored.
  app.delete(
    '/api/admin/images/:id',
    { config: editor, schema: { params: imageIdParams, response: answers({ 204: noContent }) } },
    async (request, reply) => {
      if (!(await images.bin(request.params.id, actingFor(request)))) throw notFound('There is no such image.');
      await record(request, { action: 'image.bin', target: { kind: 'image', id: request.params.id } });
      return reply.code(204).send();
    },
  );

  // Addresses include the content's fingerprint, so a cached copy can never be stale.
  app.get(
    '/images/:id/:token/:file',
    { schema: { params: imageFileParams, response: answers({ 200: notJson('The image file') }) } },
    async (request, reply) => {
      const { id, token, file: name } = request.params;
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
