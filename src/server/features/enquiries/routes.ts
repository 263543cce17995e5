import rateLimit from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import { createdEnquirySchema } from '../../../shared/enquiries/responses';
import { type CreatedEnquiry, assessmentSchema, contactSchema } from '../../../shared/enquiries/schemas';
import type { FeaturePlugin } from '../../context';
import { databaseRateLimitStore } from '../../coordination/rate-limit-store';
import { perAddress } from '../../client-address';
import { AppError } from '../../errors';
import { answers } from '../../responses';
import type { PageRenderer } from '../../rendering/pages';
import type { Attribute } from '../analytics';
import type { BookOnPage } from './booking-form-post';
import { formPostRoutes } from './form-post-routes';
import { caughtByHoneypot, enquirySenders } from './senders';
import type { EnquiriesService } from './service';

/** Enough for every field at its longest in multi-byte text; anything bigger is not a form. */
const bodyLimit = 64 * 1024;

/**
 * The public enquiry forms: POST only. Staff read and edit them through admin-routes.ts. The JSON
 * API the islands send to, and the same forms posted by a browser without script to their own
 * pages (form-post-routes.ts, decision 0062), under one limiter and one service.
 */
export const enquiryFormRoutes: FeaturePlugin<{
  service: EnquiriesService;
  pages: PageRenderer;
  /** Records where a stored enquiry came from (the analytics feature); a dropped one has none. */
  attribute: Attribute;
  /** A booking posted on /free-assessment without script (decision 0072). */
  book: BookOnPage;
}> = async (app, { config, database, clock, service, pages, attribute, book }) => {
  const { writes } = database;
  const send = enquirySenders(service);

  // Registered here with global off, so only these routes are limited. One limiter shared by every
  // route means all the forms share one count per address (per-route config would count apart).
  // Counted in the database, so the limit holds across cluster workers and app instances.
  await app.register(rateLimit, {
    global: false,
    // An IPv6 client by its /64, like every per-address limit.
    keyGenerator: perAddress,
    store: databaseRateLimitStore(database.db, writes, 'enquiry', clock),
    errorResponseBuilder: (_request, context) =>
      new AppError(
        429,
        'RATE_LIMITED',
        `Too many enquiries from your connection. Please try again in ${context.after}, or call us.`,
      ),
  });
  const limitPerAddress = app.rateLimit({ max: config.enquiryRateLimit, timeWindow: '15 minutes' });
  // onRequest: a limited address is refused before its body is even read.
  const limits = { bodyLimit, onRequest: limitPerAddress };
  const response = answers({ 201: createdEnquirySchema });

  const dropSpam = (request: FastifyRequest, form: string) => {
    if (!caughtByHoneypot(request.body)) return false;
    request.log.info({ form }, 'enquiry dropped: honeypot field filled in');
    return true;
  };

  app.post('/api/assessments', { ...limits, schema: { body: assessmentSchema, response } }, async (request, reply) => {
    if (dropSpam(request, 'assessment')) return reply.code(201).send({ id: 0 } satisfies CreatedEnquiry);
    const id = await send.assessment(request.body);
    await attribute(request, id);
    return reply.code(201).send({ id } satisfies CreatedEnquiry);
  });

  app.post(
    '/api/contact-submissions',
    { ...limits, schema: { body: contactSchema, response } },
    async (request, reply) => {
      if (dropSpam(request, 'contact')) return reply.code(201).send({ id: 0 } satisfies CreatedEnquiry);
      const id = await send.contact(request.body);
      await attribute(request, id);
      return reply.code(201).send({ id } satisfies CreatedEnquiry);
    },
  );

  await app.register(formPostRoutes, {
    pages,
    publicUrl: config.publicUrl,
    bodyLimit,
    limitPerAddress,
    send,
    dropSpam,
    attribute,
    book,
  });
};
