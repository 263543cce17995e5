import type { SiteApi } from '../../shared/site-api';
import { adminSessionRoutes } from '../auth/session-routes';
import type { AppContext, FeaturePlugin } from '../context';
import type { PageRenderer } from '../rendering/pages';
import { createBinFeature } from './bin';
import { createBlogFeature } from './blog';
import { createEnquiriesFeature, type RetentionLog } from './enquiries';
import { healthRoutes } from './health';
import { createImagesFeature } from './images';
import { createSeoFeature } from './seo';
import { createSettingsFeature } from './settings';
import { createStaffFeature } from './staff';

/**
 * Every API feature, built once per app: each builds its repository and service in its own
 * index.ts, and here each is handed what it needs of another (the Bin each kind's `Binnable`, the
 * images the logo in use and the posts that show an image, the logo upload the way to store an
 * image, the sitemap the blog's posts). No feature imports another's files.
 */
export function createFeatures(context: AppContext) {
  const settings = createSettingsFeature(context);
  const blog = createBlogFeature(context);
  const enquiries = createEnquiriesFeature(context);
  const images = createImagesFeature(context, {
    logoAddress: settings.logoAddress,
    postsUsingImage: blog.postsUsingImage,
  });
  const { bin, routes: binRoutes } = createBinFeature({
    enquiry: enquiries.binnable,
    post: blog.binnable,
    image: images.binnable,
  });
  const seo = createSeoFeature([blog.sitemapEntries]);
  const staff = createStaffFeature(context);

  return {
    settings,
    blog,
    images,
    bin,
    /** The hourly tidy of sign-ins left half-way (background-work.ts). */
    deleteEndedChallenges: staff.deleteEndedChallenges,
    /** The daily retention run (background-work.ts), emptying this Bin too. */
    startRetention: (log: RetentionLog) => enquiries.startRetention(bin, log),
    /**
     * Every feature's routes, registered in this order before the page route; the order is the
     * OpenAPI document's. The preview renders with the pages' own renderer and data.
     */
    routes: (siteApi: SiteApi, pages: PageRenderer): readonly FeaturePlugin[] => [
      healthRoutes,
      adminSessionRoutes,
      staff.routes,
      settings.routes,
      enquiries.routes,
      images.routes,
      settings.logoUploadRoutes(images.storeUpload),
      seo.routes,
      blog.routes,
      binRoutes,
      blog.previewRoutes(siteApi, pages),
    ],
  };
}

export type Features = ReturnType<typeof createFeatures>;
