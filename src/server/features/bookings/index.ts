import type { AssessmentSettings } from '../../../shared/bookings/slots';
import type { AppContext, FeaturePlugin } from '../../context';
import type { Attribute } from '../analytics';
import type { BookingEnquiries } from '../enquiries';
import type { ReadSiteFacts } from '../site-facts';
import { defaultAssessmentSettings } from './default-settings';
import { bookingRoutes } from './routes';
import { createBookingsService } from './service';

/**
 * Parents book the free assessment themselves (issue 41, decision 0071): the times offered, the
 * booking (an enquiry with a time, its places held by the database) and its cancel link.
 */
export function createBookingsFeature(
  { config, database, mailWorker, clock }: AppContext,
  {
    siteFacts,
    attribute,
    enquiries,
    settingsOf = async () => defaultAssessmentSettings(await siteFacts()),
  }: {
    siteFacts: ReadSiteFacts;
    attribute: Attribute;
    enquiries: BookingEnquiries;
    /** The assessment settings in use; until they are a site-facts part, the defaults (default-settings.ts). */
    settingsOf?: () => Promise<AssessmentSettings>;
  },
) {
  const service = createBookingsService({
    database,
    config,
    clock,
    siteFacts,
    settingsOf,
    enquiries,
    onQueued: () => mailWorker?.wake(),
  });
  const routes: FeaturePlugin = async (app, context) => {
    await app.register(bookingRoutes, { ...context, service, attribute });
  };
  return { routes, service };
}
