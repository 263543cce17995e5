import type { AppContext, FeaturePlugin } from '../../context';
import { imagesBinnable } from './binnable';
import { createImagesRepo } from './repo';
import { type ImagesRouteUses, imagesRoutes } from './routes';
import { createUploadStore } from './upload';

export { readUpload, type StoreUpload } from './upload';

/**
 * The image library: one repository per app, its routes (the library, the public lists, every
 * image address), and what other features use: storing an upload (the logo) and the Bin's view.
 * `uses` is what it needs of others: the logo in use, the posts that show an image and the access log.
 */
export function createImagesFeature(
  { config, database, clock }: AppContext,
  uses: Pick<ImagesRouteUses, 'logoAddress' | 'postsUsingImage' | 'record'>,
) {
  const images = createImagesRepo(database.db, clock);
  const storeUpload = createUploadStore(images, { maxPixels: config.imageMaxPixels });

  const routes: FeaturePlugin = async (app, context) => {
    await app.register(imagesRoutes, { ...context, ...uses, images, storeUpload });
  };

  return {
    routes,
    storeUpload,
    binnable: imagesBinnable(images),
    /** The home page's images (site-api.ts). */
    showcase: () => images.showcase(),
  };
}
