import type { AppContext, FeaturePlugin } from '../../context';
import type { RecordAccess } from '../access-log';
import type { Bin } from '../bin';
import type { ReadSiteFacts } from '../site-facts';
import { enquiriesBinnable } from './binnable';
import { enquiriesAdminRoutes } from './admin-routes';
import { createEnquiriesRepo } from './repo';
import { type RetentionLog, startRetention } from './retention';
import { enquiryFormRoutes } from './routes';
import { createEnquiriesService } from './service';
import { workflowRoutes } from './workflow-routes';
import { createWorkflowRepo } from './workflow-repo';

export type { RetentionLog } from './retention';

/**
 * Enquiries: the public forms, the staff inbox and staff's work on an enquiry, over one repository
 * each for the enquiries and for staff's side of them; what the Bin and the retention run need.
 */
export function createEnquiriesFeature(
  { config, database, mailWorker }: AppContext,
  { record, siteFacts }: { record: RecordAccess; siteFacts: ReadSiteFacts },
) {
  const repo = createEnquiriesRepo(database.db);
  const workflow = createWorkflowRepo(database.db);
  const service = createEnquiriesService(database, config, siteFacts, () => mailWorker?.wake());

  const routes: FeaturePlugin = async (app, context) => {
    await app.register(enquiryFormRoutes, { ...context, service });
    await app.register(enquiriesAdminRoutes, { ...context, repo, workflow, record });
    await app.register(workflowRoutes, { ...context, workflow, record });
  };

  return {
    routes,
    binnable: enquiriesBinnable(repo, config.retentionMonths),
    /** The daily run deleting what is past its time, the Bin's expired things included (retention.ts). */
    startRetention: (bin: Bin, deleteExpiredAccessLog: () => Promise<number>, log: RetentionLog) =>
      startRetention(
        { db: database.db, months: config.retentionMonths, enquiries: repo, bin, deleteExpiredAccessLog },
        log,
      ),
  };
}
