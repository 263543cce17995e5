import type { AppContext, FeaturePlugin } from '../../context';
import type { PageRenderer } from '../../rendering/pages';
import type { RecordAccess, ViewersOf } from '../access-log';
import type { Attribute, SourcesOf } from '../analytics';
import type { Bin } from '../bin';
import type { ReadSiteFacts } from '../site-facts';
import { enquiriesBinnable } from './binnable';
import type { BookingsOf, CancelBookingsOnBin } from './booking-enquiries';
import type { ActingStaff } from '../../auth/principal';
import type { BookOnPage } from './booking-form-post';
import { enquiriesAdminRoutes } from './admin-routes';
import { createEnquiriesRepo } from './repo';
import { type RetentionLog, startRetention } from './retention';
import { enquiryFormRoutes } from './routes';
import { createEnquiriesService } from './service';
import { workflowRoutes } from './workflow-routes';
import { createWorkflowRepo } from './workflow-repo';
import { createNudges } from './nudges';
import { startScheduledJob } from '../../coordination/scheduled-jobs';
import { stageRoutes } from './stage-routes';
import { createStagesRepo } from './stages-repo';

export type { RetentionLog } from './retention';
export type { BookOnPage } from './booking-form-post';
/** What a form posted without script needs (decision 0062): the waiting list's form (issue 51) answers as the enquiry forms do. */
export { crossSiteRefused, firstMessages, keptValues } from './form-body';
export {
  type BookingEnquiries,
  type BookingsOf,
  bookingEnquiries,
  type CancelBookingsOnBin,
} from './booking-enquiries';

/**
 * Enquiries: the public forms, the staff inbox and staff's work on an enquiry, over one repository
 * each for the enquiries and for staff's side of them; what the Bin and the retention run need.
 */
export function createEnquiriesFeature(
  { config, database, mailWorker, clock }: AppContext,
  {
    record,
    siteFacts,
    viewersOf,
    attribute,
    sourcesOf,
    bookingsOf,
    bookOnPage,
    cancelBookingsOnBin,
  }: {
    record: RecordAccess;
    siteFacts: ReadSiteFacts;
    viewersOf: ViewersOf;
    attribute: Attribute;
    sourcesOf: SourcesOf;
    /** The time of each enquiry that is a booked assessment (the bookings feature). */
    bookingsOf: BookingsOf;
    /** The bookings feature's booking, for the booking posted on /free-assessment without script (decision 0072). */
    bookOnPage: BookOnPage;
    /** The bookings feature's: an enquiry moved to the Bin loses its time to come (issue 51). */
    cancelBookingsOnBin: CancelBookingsOnBin;
  },
) {
  const repo = createEnquiriesRepo(database.db, clock);
  const workflow = createWorkflowRepo(database.db, clock);
  const stages = createStagesRepo(database, clock);
  /**
   * Moves an enquiry to the Bin and cancels its bookings to come in one transaction (the group
   * commit's), so a binned enquiry never keeps a time other families could book. False when there
   * is no such enquiry outside the Bin.
   */
  const bin = async (id: number, by: ActingStaff): Promise<boolean> => {
    let mailed = false;
    const binned = await database.writes.run(async (trx) => {
      if (!(await repo.bin(id, by, trx))) return false;
      mailed = (await cancelBookingsOnBin(trx, id, by, clock())) > 0;
      return true;
    });
    if (mailed) mailWorker?.wake();
    return binned;
  };
  const service = createEnquiriesService(database, config, siteFacts, clock, () => mailWorker?.wake());

  /** Given the pages' renderer: a form posted without script is answered with its page (decision 0062). */
  const routes =
    (pages: PageRenderer): FeaturePlugin =>
    async (app, context) => {
      await app.register(enquiryFormRoutes, { ...context, service, pages, attribute, book: bookOnPage });
      await app.register(enquiriesAdminRoutes, {
        ...context,
        repo,
        bin,
        workflow,
        record,
        viewersOf,
        sourcesOf,
        bookingsOf,
        siteFacts,
      });
      await app.register(workflowRoutes, { ...context, workflow, record });
      await app.register(stageRoutes, { ...context, stages, record, siteFacts });
    };

  const sendDueNudges = createNudges({
    database,
    clock,
    siteFacts,
    publicUrl: config.publicUrl,
    officeEmail: config.mail?.notifyEmail,
  });
  return {
    routes,
    /** Each minute, in one process of all that share the database: the nudges due (issue 50). */
    startNudges: (log: { info(object: object, message: string): void; error(object: object, message: string): void }) =>
      startScheduledJob({
        db: database.db,
        name: 'reply-nudges',
        intervalMs: 60_000,
        clock,
        log,
        run: async () => {
          const nudged = await sendDueNudges();
          if (nudged > 0) log.info({ nudged }, 'queued nudges for families still waiting for a reply');
        },
      }),
    binnable: enquiriesBinnable(repo, config.retentionMonths),
    /** The daily run deleting what is past its time, the Bin's expired things included (retention.ts). */
    startRetention: (bin: Bin, deleteExpiredAccessLog: () => Promise<number>, log: RetentionLog) =>
      startRetention(
        { db: database.db, clock, months: config.retentionMonths, enquiries: repo, bin, deleteExpiredAccessLog },
        log,
      ),
  };
}
