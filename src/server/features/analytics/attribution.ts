import type { FastifyRequest } from 'fastify';
import type { Clock } from '../../../shared/clock';
import type { Database } from '../../db/connection';
import type { PageViews } from './page-views';
import { isPublicPath } from './page-views';
import type { Recorder } from './recorder';
import type { Visit } from './visitors';

/**
 * How long after an enquiry its landing page is read again, for good: longer than any process
 * holds a view before writing it (the recorder writes each second), with room for a slow write.
 */
export const SETTLE_MS = 2500;

/**
 * Where an enquiry came from (decision 0065), written right after the enquiry is stored: the
 * first page its visitor was shown that day (its landing page and source), and the page it was
 * sent from. A visitor who objects, or a bot, leaves nothing. A second enquiry from the same
 * visitor the same day is kept but is no second conversion.
 *
 * The first page is the one received first, not the first written: another process (or
 * instance) may still hold the landing view in its batch for up to a second. So the row is
 * written at once from what is in the database (this process's batch written first), and the
 * landing is read again SETTLE_MS later and corrected if an earlier view has arrived since. Only
 * this process's memory links the enquiry to its visitor meanwhile, never the database.
 */
export function createAttribution({
  database,
  clock,
  pageViews,
  recorder,
  publicOrigin,
  settleMs = SETTLE_MS,
}: {
  database: Database;
  clock: Clock;
  pageViews: PageViews;
  recorder: Recorder;
  publicOrigin: string;
  settleMs?: number;
}) {
  /** Visitors (of today) who have sent an enquiry, per process: the day's first is the conversion. */
  let converted = { day: '', visitors: new Set<string>() };
  /** Enquiries whose landing is read again soon, with what that will do (shutdown does it at once). */
  const settling = new Map<number, { timer: ReturnType<typeof setTimeout>; settle: () => Promise<void> }>();
  let onSettleError: (error: unknown) => void = () => {};

  /** The page the form was on: the browser's referrer on this site, else the no-script form's own page. */
  const sentFrom = (request: FastifyRequest): string | null => {
    const referer = request.headers.referer;
    if (referer) {
      try {
        const url = new URL(referer);
        // This site by its public address, or by the name this very request was sent to (a
        // same-origin form on an address other than PUBLIC_URL: a preview, a test server).
        const ours = url.origin === publicOrigin || url.host === request.headers.host;
        if (ours && isPublicPath(url.pathname)) return url.pathname;
      } catch {
        // Not a URL: fall through.
      }
    }
    const path = request.routeOptions.url ?? '';
    return isPublicPath(path) ? path : null;
  };

  /** The visit's landing page and source: its view received first, as far as the database knows now. */
  const landingOf = async (visit: Visit) => {
    const first = await database.db
      .selectFrom('analytics_views')
      .select(['path', 'channel', 'source', 'medium', 'campaign'])
      .where('day', '=', visit.day)
      .where('visitor', '=', visit.visitor)
      .orderBy('at')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    return {
      landing_path: first?.path ?? null,
      channel: first?.channel ?? 'direct',
      source: first?.source ?? null,
      medium: first?.medium ?? null,
      campaign: first?.campaign ?? null,
    };
  };

  /** Reads the landing again once every process has written what it held, and corrects the row. */
  const settleLater = (enquiryId: number, visit: Visit, written: Awaited<ReturnType<typeof landingOf>>) => {
    const settle = async () => {
      settling.delete(enquiryId);
      clearTimeout(timer);
      await recorder.flush();
      const landing = await landingOf(visit);
      if (JSON.stringify(landing) === JSON.stringify(written)) return;
      // An enquiry erased meanwhile has no row left to correct.
      await database.writes.run((trx) =>
        trx.updateTable('analytics_attribution').set(landing).where('enquiry_id', '=', enquiryId).execute(),
      );
    };
    const timer = setTimeout(() => void settle().catch(onSettleError), settleMs);
    timer.unref();
    settling.set(enquiryId, { timer, settle });
  };

  const attribute = async (request: FastifyRequest, enquiryId: number): Promise<void> => {
    const visit = await pageViews.visitOf(request);
    if (!visit) return;
    await recorder.flush();
    const landing = await landingOf(visit);
    if (converted.day !== visit.day) converted = { day: visit.day, visitors: new Set() };
    const conversion = !converted.visitors.has(visit.visitor);
    converted.visitors.add(visit.visitor);
    const row = {
      enquiry_id: enquiryId,
      at: clock().toISOString(),
      ...landing,
      sent_from: sentFrom(request),
      conversion: conversion ? 'true' : 'false',
    };
    await database.writes.run((trx) =>
      trx
        .insertInto('analytics_attribution')
        .values(row)
        .onConflict((conflict) => conflict.column('enquiry_id').doNothing())
        .execute(),
    );
    settleLater(enquiryId, visit, landing);
  };

  return {
    attribute,
    /**
     * Reads every waiting enquiry's landing again now (shutdown). A landing view another process
     * still holds at that moment is missed.
     */
    settleNow: () => Promise.all([...settling.values()].map(({ settle }) => settle())).then(() => undefined),
    /** Where a failed correction is logged (the enquiry keeps the landing first written). */
    onSettleError: (log: (error: unknown) => void) => void (onSettleError = log),
  };
}

/** Records an enquiry's source (the feature's wrapper never lets it fail the enquiry). */
export type Attribute = (request: FastifyRequest, enquiryId: number) => Promise<void>;
