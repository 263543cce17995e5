import { ACCESS_LOG_KEEP_DAYS } from '../../../shared/retention';
import type { AppContext, FeaturePlugin } from '../../context';
import { createRecorder } from './recorder';
import { createAccessLogRepo } from './repo';
import { accessLogRoutes } from './routes';
import { createEnquiryViewers } from './viewers';

export type { AccessActor, AccessEntry, RecordAccess } from './recorder';
export type { ViewersOf } from './viewers';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The staff access log (decision 0058): the recorder every other feature is handed (through
 * features/index.ts) to write who did what, the owners' route to read it, and the deletion of
 * entries past ACCESS_LOG_KEEP_DAYS that the daily retention run calls.
 */
export function createAccessLogFeature({ database, clock }: AppContext) {
  const repo = createAccessLogRepo(database.db);

  const routes: FeaturePlugin = async (app, context) => {
    await app.register(accessLogRoutes, { ...context, repo });
  };

  return {
    routes,
    record: createRecorder(repo, clock),
    /** Who has seen each enquiry, for the inbox cards of those who may read the log. */
    viewersOf: createEnquiryViewers(database.db),
    /** Deletes the entries older than ACCESS_LOG_KEEP_DAYS; answers how many. */
    deleteExpired: (now: Date = clock()) => repo.deleteBefore(new Date(now.getTime() - ACCESS_LOG_KEEP_DAYS * DAY_MS)),
  };
}
