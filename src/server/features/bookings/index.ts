import type { AssessmentSettings } from '../../../shared/site-facts/site-facts';
import type { AppContext, FeaturePlugin } from '../../context';
import type { PageRenderer } from '../../rendering/pages';
import { startScheduledJob } from '../../coordination/scheduled-jobs';
import type { RecordAccess } from '../access-log';
import type { Attribute } from '../analytics';
import type { BookingEnquiries, BookingsOf, CancelBookingsOnBin } from '../enquiries';
import type { ReadSiteFacts } from '../site-facts';
import { assessmentSettingsOf } from '../../../shared/bookings/settings';
import { bookingsOfEnquiries } from './repo';
import { bookingRoutes } from './routes';
import { bookingRules } from './rules';
import { createBookingsService } from './service';
import { createStaffBookings } from './staff-service';
import { createWaitingList } from './waiting-list';
import { createSecretBox } from '../../auth/secrets-at-rest';
import { staffBookingRoutes } from './staff-routes';

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
    record,
    settingsOf = async () => assessmentSettingsOf(await siteFacts()),
  }: {
    siteFacts: ReadSiteFacts;
    attribute: Attribute;
    enquiries: BookingEnquiries;
    /** The access log's recorder: staff's views and actions on the bookings. */
    record: RecordAccess;
    /** The assessment settings in use: the site facts' part (tests may set their own). */
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
  // What the staff's side and the waiting list share with the parents': the rules and the mail's wake-up.
  const shared = {
    database,
    config,
    clock,
    siteFacts,
    settingsOf,
    rules: bookingRules({ database, clock, siteFacts, settingsOf }),
    onQueued: () => mailWorker?.wake(),
  };
  const staff = createStaffBookings({ ...shared, adminLink: enquiries.adminLink });
  const waitingList = createWaitingList({
    ...shared,
    enquiries,
    secretBox: createSecretBox(config.secretsKeyFile),
  });
  /** Given the pages' renderer: the cancel and change links open pages (issue 41). */
  const routes =
    (pages: PageRenderer): FeaturePlugin =>
    async (app, context) => {
      await app.register(bookingRoutes, { ...context, service, waitingList, attribute, pages });
      await app.register(staffBookingRoutes, { ...context, staff, record });
    };
  /** Every five minutes, in one process of all that share the database: the reminders due. */
  const startReminders = (log: {
    info(object: object, message: string): void;
    error(object: object, message: string): void;
  }) =>
    startScheduledJob({
      db: database.db,
      name: 'booking-reminders',
      intervalMs: 5 * 60_000,
      clock,
      log,
      run: async () => {
        const queued = await service.sendDueReminders();
        if (queued > 0) log.info({ queued }, 'queued reminders of tomorrow’s assessments');
      },
    });
  /** Each minute, in one process of all that share the database: the waiting families told of times come free (issue 51). */
  const startWaitingList = (log: {
    info(object: object, message: string): void;
    error(object: object, message: string): void;
  }) =>
    startScheduledJob({
      db: database.db,
      name: 'booking-waiting-list',
      intervalMs: 60_000,
      clock,
      log,
      run: async () => {
        const told = await waitingList.offerFreedTimes();
        if (told > 0) log.info({ told }, 'told waiting families of times come free');
      },
    });
  /** The inbox's view of each booking: its time and whether it stands (handed to the enquiries). */
  const bookingsOf: BookingsOf = async (enquiryIds) => {
    const rows = await bookingsOfEnquiries(database.db, enquiryIds);
    return new Map(
      [...rows].map(([enquiryId, row]) => [
        enquiryId,
        { startsAt: row.startsAt, endsAt: row.endsAt, status: row.status },
      ]),
    );
  };
  /** Binning an enquiry cancels its bookings to come, in the Bin's own transaction (handed to the enquiries). */
  const cancelOnBin: CancelBookingsOnBin = (trx, enquiryId, by, now) => staff.cancelForBin(trx, enquiryId, by, now);
  return { routes, service, staff, waitingList, startReminders, startWaitingList, bookingsOf, cancelOnBin };
}
