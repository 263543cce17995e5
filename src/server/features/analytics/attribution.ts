import type { FastifyRequest } from 'fastify';
import type { Clock } from '../../../shared/clock';
import type { Database } from '../../db/connection';
import type { PageViews } from './page-views';
import { isPublicPath } from './page-views';
import type { Recorder } from './recorder';

/**
 * Where an enquiry came from (decision 0065), written right after the enquiry is stored: the
 * first page its visitor was shown that day (its landing page and source), and the page it was
 * sent from. This process's buffered views are written first, so a visit counted a moment ago is
 * found. A visitor who objects, or a bot, leaves nothing. A second enquiry from the same visitor
 * the same day is kept but is no second conversion.
 */
export function createAttribution({
  database,
  clock,
  pageViews,
  recorder,
  publicOrigin,
}: {
  database: Database;
  clock: Clock;
  pageViews: PageViews;
  recorder: Recorder;
  publicOrigin: string;
}) {
  /** Visitors (of today) who have sent an enquiry, per process: the day's first is the conversion. */
  let converted = { day: '', visitors: new Set<string>() };

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

  return async (request: FastifyRequest, enquiryId: number): Promise<void> => {
    const visit = await pageViews.visitOf(request);
    if (!visit) return;
    await recorder.flush();
    const first = await database.db
      .selectFrom('analytics_views')
      .select(['path', 'channel', 'source', 'medium', 'campaign'])
      .where('day', '=', visit.day)
      .where('visitor', '=', visit.visitor)
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    if (converted.day !== visit.day) converted = { day: visit.day, visitors: new Set() };
    const conversion = !converted.visitors.has(visit.visitor);
    converted.visitors.add(visit.visitor);
    const row = {
      enquiry_id: enquiryId,
      at: clock().toISOString(),
      landing_path: first?.path ?? null,
      sent_from: sentFrom(request),
      channel: first?.channel ?? 'direct',
      source: first?.source ?? null,
      medium: first?.medium ?? null,
      campaign: first?.campaign ?? null,
      conversion: conversion ? 'true' : 'false',
    };
    await database.writes.run((trx) =>
      trx
        .insertInto('analytics_attribution')
        .values(row)
        .onConflict((conflict) => conflict.column('enquiry_id').doNothing())
        .execute(),
    );
  };
}

export type Attribute = ReturnType<typeof createAttribution>;
