import type { SiteApi } from '../../shared/site-api';
import { adminSessionRoutes } from '../auth/session-routes';
import type { AppContext, FeaturePlugin } from '../context';
import type { PageRenderer } from '../rendering/pages';
import { createAccessLogFeature } from './access-log';
import { createAnalyticsFeature } from './analytics';
import { createBinFeature } from './bin';
import { createBlogFeature } from './blog';
import { createBookingsFeature } from './bookings';
import { bookingEnquiries, createEnquiriesFeature, type RetentionLog } from './enquiries';
import { healthRoutes } from './health';
import { createImagesFeature } from './images';
import { createSeoFeature } from './seo';
import { createSettingsFeature } from './settings';
import { createSiteFactsFeature } from './site-facts';
import { createStaffFeature } from './staff';

/**
 * Every API feature, built once per app: each builds its repository and service in its own
 * index.ts, and here each is handed what it needs of another (the Bin each kind's `Binnable`, the
 * images the logo in use and the posts that show an image, the logo upload the way to store an
 * image, the sitemap the blog's posts, every feature whose actions staff answer for the access
 * log's recorder, what words a mail, the feed or the brand the site facts in use). No feature imports another's files.
 */
export function createFeatures(context: AppContext) {
  const accessLog = createAccessLogFeature(context);
  const { record } = accessLog;
  const siteFacts = createSiteFactsFeature(context, { record });
  const facts = { record, siteFacts: siteFacts.current };
  const settings = createSettingsFeature(context, facts);
  const blog = createBlogFeature(context, facts);
  const seo = createSeoFeature([blog.sitemapEntries]);
  const analytics = createAnalyticsFeature(context, { sitePages: seo.pages, siteFacts: siteFacts.current });
  // A booked assessment is an enquiry with a time: the bookings write their enquiry with the
  // enquiries' own code, and the inbox shows each booking's time.
  const bookings = createBookingsFeature(context, {
    siteFacts: siteFacts.current,
    attribute: analytics.attribute,
    enquiries: bookingEnquiries(context.config.publicUrl),
    record,
  });
  const enquiries = createEnquiriesFeature(context, {
    ...facts,
    viewersOf: accessLog.viewersOf,
    attribute: analytics.attribute,
    sourcesOf: analytics.sourcesOf,
    bookingsOf: bookings.bookingsOf,
    bookOnPage: (input, from) => bookings.service.book(input, from),
    cancelBookingsOnBin: bookings.cancelOnBin,
  });
  const images = createImagesFeature(context, {
    logoAddress: settings.logoAddress,
    postsUsingImage: blog.postsUsingImage,
    record,
  });
  const { bin, routes: binRoutes } = createBinFeature(
    { enquiry: enquiries.binnable, post: blog.binnable, image: images.binnable },
    record,
  );
  const staff = createStaffFeature(context, facts);
  // The key's sign-in is authentication's route, recorded like the staff's own sign-ins.
  const sessionRoutes: FeaturePlugin = async (app, options) => {
    await app.register(adminSessionRoutes, { ...options, record });
  };

  return {
    /** The access log's recorder, for authentication's hook (refused calls) outside the features. */
    record,
    settings,
    siteFacts,
    blog,
    images,
    bin,
    /** Page views and enquiry sources (decision 0065): the page route counts through it. */
    analytics,
    /** Booked assessments (issue 41): the reminders' scheduled job runs in the background work. */
    bookings,
    /** Nudges for families still waiting for a first contact (issue 50), each minute (background-work.ts). */
    startNudges: enquiries.startNudges,
    /** The hourly tidy of sign-ins left half-way (background-work.ts). */
    deleteEndedChallenges: staff.deleteEndedChallenges,
    /** The daily retention run (background-work.ts), emptying this Bin and the access log's old entries too. */
    startRetention: (log: RetentionLog) =>
      enquiries.startRetention(
        bin,
        async () => {
          // The same daily run rolls up page views past their 30 days (decision 0065).
          const rolled = await analytics.rollUpAndExpire();
          if (rolled > 0) log.info({ rolled }, 'rolled page views past their days up into daily totals');
          return accessLog.deleteExpired();
        },
        log,
      ),
    /**
     * Every feature's routes, registered in this order before the page route; the order is the
     * OpenAPI document's. The preview renders with the pages' own renderer and data.
     */
    routes: (siteApi: SiteApi, pages: PageRenderer): readonly FeaturePlugin[] => [
      healthRoutes,
      analytics.routes,
      sessionRoutes,
      staff.routes,
      accessLog.routes,
      settings.routes,
      siteFacts.routes,
      enquiries.routes(pages),
      bookings.routes(pages),
      images.routes,
      settings.logoUploadRoutes(images.storeUpload),
      seo.routes,
      blog.routes,
      binRoutes,
      blog.previewRoutes(siteApi, pages),
      siteFacts.previewRoutes(siteApi, pages, settings.getAsNamed),
    ],
  };
}

export type Features = ReturnType<typeof createFeatures>;
