import rateLimit from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import { type CreatedEnquiry, assessmentSchema, contactSchema } from '../../../shared/enquiries/schemas';
import { honeypotField } from '../../../shared/enquiries/honeypot';
import type { FeaturePlugin } from '../../context';
import { databaseRateLimitStore } from '../../coordination/rate-limit-store';
import { AppError } from '../../errors';
import type { EnquiriesService } from './service';

/** Enough for every field at its longest in multi-byte text; anything bigger is not a form. */
const bodyLimit = 64 * 1024;

/** True when the hidden field that only bots fill in has a value. */
const caughtByHoneypot = (body: unknown) => {
  const value = (body as Record<string, unknown> | null)?.[honeypotField];
  return value !== undefined && value !== null && value !== '';
};

/** The public enquiry forms: POST only. Staff read and edit them through admin-routes.ts. */
export const enquiryFormRoutes: FeaturePlugin<{ service: EnquiriesService }> = async (
  app,
  { config, database, service },
) => {
  const { writes } = database;

  // Registered here with global off, so only these routes are limited. One limiter shared by both
  // routes means both forms share one count per address (per-route config would count apart).
  // Counted in the database, so the limit holds across cluster workers and app instances.
  await app.register(rateLimit, {
    global: false,
    store: databaseRateLimitStore(database.db, writes, 'enquiry'),
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

  const dropSpam = (request: FastifyRequest, form: string) => {
    if (!caughtByHoneypot(request.body)) return false;
    request.log.info({ form }, 'enquiry dropped: honeypot field filled in');
    return true;
  };

  app.post('/api/assessments', { ...limits, schema: { body: assessmentSchema } }, async (request, reply) => {
    const input = request.body;
    if (dropSpam(request, 'assessment')) return reply.code(201).send({ id: 0 } satisfies CreatedEnquiry);
    const id = await service.submit({
      submissionType: 'assessment',
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      telephone: input.telephone,
      yearGroup: input.yearGroup,
      notes: input.notes,
      // docs/product.md#api-enquiries: emailTitle is set equal to subjectTitle, whatever the client sent.
      emailTitle: input.subjectTitle,
    });
    return reply.code(201).send({ id } satisfies CreatedEnquiry);
  });

  app.post('/api/contact-submissions', { ...limits, schema: { body: contactSchema } }, async (request, reply) => {
    const input = request.body;
    if (dropSpam(request, 'contact')) return reply.code(201).send({ id: 0 } satisfies CreatedEnquiry);
    const id = await service.submit({
      submissionType: 'contact',
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      mobile: input.mobile,
      message: input.message,
    });
    return reply.code(201).send({ id } satisfies CreatedEnquiry);
  });
};
