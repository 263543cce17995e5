import type { FastifyRequest } from 'fastify';
import type { AppContext, FeaturePlugin } from '../../context';
import { readGeneration } from '../../coordination/content-generation';
import { loggableError } from '../../log-redaction';
import { createAttribution } from './attribution';
import { createKnownPages } from './known-pages';
import { createPageViews } from './page-views';
import { createRecorder } from './recorder';
import { insightsRoutes } from './insights-routes';
import { createReports } from './reports';
import { createWeeklyReport } from './weekly-report';
import { startScheduledJob } from '../../coordination/scheduled-jobs';
import type { ReadSiteFacts } from '../site-facts';
import { FOLD_EVERY_MS, foldSoFar, rollUpAndExpire } from './retention';
import { createSourcesOf } from './sources';
import { pageShownRoutes } from './routes';
import { createSalts } from './visitors';

export type { Attribute } from './attribution';
export type { SourcesOf } from './sources';

/**
 * Private visit counts and enquiry attribution (decision 0065): page views counted on the server
 * from the page route's answers and the in-place navigation's beacon, a visitor only as a hash
 * made with the day's salt, nothing on the device. With ANALYTICS=off nothing is counted or
 * attributed.
 */
export function createAnalyticsFeature(
  { config, database, clock }: AppContext,
  {
    sitePages,
    siteFacts,
  }: {
    /** The site's own pages, as the sitemap lists them: a beacon for any other path is dropped. */
    sitePages: () => Promise<readonly { path: string }[]>;
    /** The centre's facts in force: its hours and reply target, which the funnel measures by. */
    siteFacts: ReadSiteFacts;
  },
) {
  const publicUrl = new URL(config.publicUrl);
  const salts = createSalts(database.db, clock);
  let errorLog: (error: unknown) => void = () => {};
  const recorder = createRecorder(database, clock, { onError: (error) => errorLog(error) });
  const pageViews = createPageViews({
    salts,
    recorder,
    site: publicUrl.hostname.toLowerCase(),
    isKnownPage: createKnownPages({ pages: sitePages, generation: () => readGeneration(database.db) }),
    addressLimit: config.analyticsAddressLimit,
    clock,
  });
  const attribution = createAttribution({ database, clock, pageViews, recorder, publicOrigin: publicUrl.origin });
  const on = config.analytics;
  const reports = createReports({ database, clock, siteFacts, counting: on });
  const weeklyReport = createWeeklyReport({
    database,
    clock,
    reports,
    siteFacts,
    publicUrl: config.publicUrl,
    mailOn: config.mail !== undefined,
  });
  // Each minute: a salt past its day and the next is deleted however quiet the site is, and the
  // recent visitors' addresses and agents held for their hashes are forgotten.
  const saltTimer = setInterval(() => {
    pageViews.forgetRecent();
    void salts.forgetOld().catch((error: unknown) => errorLog(error));
  }, 60_000);
  saltTimer.unref();

  const routes: FeaturePlugin = async (app, context) => {
    errorLog = (error) => app.log.error({ err: loggableError(error) }, 'page views could not be written');
    attribution.onSettleError((error) =>
      app.log.error({ err: loggableError(error) }, 'an enquiry source could not be corrected'),
    );
    app.addHook('onClose', async () => {
      clearInterval(saltTimer);
      await attribution.settleNow();
      await recorder.close();
    });
    if (on) await app.register(pageShownRoutes, { ...context, pageViews });
    // The report answers with ANALYTICS=off too: it says counting is off, and shows what was counted before.
    await app.register(insightsRoutes, { ...context, reports, weeklyReport });
  };

  return {
    routes,
    /** The page route's onResponse: a public page answered 200 to a GET is a view. None with ANALYTICS=off. */
    pageAnswered: on ? pageViews.pageAnswered : undefined,
    /**
     * Records where an enquiry came from, right after it is stored. Never fails the enquiry: a
     * failure is logged (without the request's details) and the enquiry simply has no source.
     */
    attribute: async (request: FastifyRequest, enquiryId: number) => {
      if (!on) return;
      try {
        await attribution.attribute(request, enquiryId);
      } catch (error) {
        request.log.error({ err: loggableError(error) }, 'an enquiry source could not be recorded');
      }
    },
    /** Where enquiries came from, for the inbox's cards and the export (known with ANALYTICS=off too). */
    sourcesOf: createSourcesOf(database.db),
    /** The owners' Monday report (weekly-report.ts), looked for each minute (background-work.ts). */
    startWeeklyReport: (log: {
      info(object: object, message: string): void;
      error(object: object, message: string): void;
    }) =>
      startScheduledJob({
        db: database.db,
        name: 'weekly-report',
        intervalMs: 60_000,
        clock,
        log,
        run: async () => {
          const owners = await weeklyReport.sendDue();
          if (owners > 0) log.info({ owners }, 'queued the Monday report');
        },
      }),
    /**
     * Every few minutes, the views of the days not yet totalled folded (retention.ts's foldSoFar),
     * so the report reads a few minutes of raw views, not a day's (decision 0082).
     */
    startFoldSoFar: (log: { error(object: object, message: string): void }) =>
      startScheduledJob({
        db: database.db,
        name: 'analytics-so-far',
        intervalMs: FOLD_EVERY_MS,
        clock,
        log,
        run: async () => void (await database.writes.run((trx) => foldSoFar(trx, clock()))),
      }),
    /** Folds the views of the days not yet totalled now (tests; the job above does it every few minutes). */
    foldSoFar: () => database.writes.run((trx) => foldSoFar(trx, clock())),
    /** Writes the views counted in memory now (tests; shutdown does it through onClose). */
    flush: () => recorder.flush(),
    /** The daily retention run's part: roll old views up, delete old totals and salts. */
    rollUpAndExpire: () => rollUpAndExpire(database.db, clock()),
  };
}
