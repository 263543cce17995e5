import { staffNoteInputSchema } from '../../../shared/enquiries/admin-schemas';
import type { FeaturePlugin } from '../../context';
import { actingFor } from '../../auth/principal';
import { mailStatusSchema, staffNoteSchema } from '../../../shared/enquiries/responses';
import { notFound } from '../../errors';
import { answers } from '../../responses';
import { z } from 'zod';
import type { RecordAccess } from '../access-log';
import { enquiryIdParams, noEnquiry } from './params';
import type { WorkflowRepo } from './workflow-repo';

/**
 * Staff's work on an enquiry (decision 0033): notes, and the staff notification's delivery. Every
 * route declares the inbox's role (decision 0058), which also makes its GETs admin routes. Reading an enquiry's notes or its notification's delivery
 * is a read of that enquiry, recorded in the access log as each change is.
 */
export const workflowRoutes: FeaturePlugin<{ workflow: WorkflowRepo; record: RecordAccess }> = async (
  app,
  { mailWorker, workflow: repo, record },
) => {
  const about = (id: number) => ({ kind: 'enquiry', id }) as const;

  const admin = { role: 'enquiries' } as const;

  app.get(
    '/api/contact-submissions/:id/notes',
    { config: admin, schema: { params: enquiryIdParams, response: answers({ 200: z.array(staffNoteSchema) }) } },
    async (request) => {
      const notes = await repo.notes(request.params.id);
      if (!notes) throw notFound(noEnquiry(request.params.id));
      await record(request, { action: 'enquiry.read', target: about(request.params.id) });
      return notes;
    },
  );

  app.post(
    '/api/contact-submissions/:id/notes',
    {
      config: admin,
      schema: { params: enquiryIdParams, body: staffNoteInputSchema, response: answers({ 201: staffNoteSchema }) },
    },
    async (request, reply) => {
      const note = await repo.addNote(request.params.id, request.body.text, actingFor(request));
      if (!note) throw notFound(noEnquiry(request.params.id));
      await record(request, { action: 'enquiry.note', target: about(request.params.id) });
      return reply.code(201).send(note);
    },
  );

  app.get(
    '/api/contact-submissions/:id/notification',
    { config: admin, schema: { params: enquiryIdParams, response: answers({ 200: mailStatusSchema }) } },
    async (request) => {
      const status = await repo.notification(request.params.id);
      if (!status) throw notFound(`Submission ${request.params.id} has no staff notification e-mail.`);
      await record(request, { action: 'enquiry.read', target: about(request.params.id) });
      return status;
    },
  );

  // Idempotent: a second retry, or one of a delivered mail, changes nothing more.
  app.post(
    '/api/contact-submissions/:id/notification/retry',
    { config: admin, schema: { params: enquiryIdParams, response: answers({ 200: mailStatusSchema }) } },
    async (request) => {
      const status = await repo.retryNotification(request.params.id);
      if (!status) throw notFound(`Submission ${request.params.id} has no staff notification e-mail.`);
      if (status.state !== 'sent') mailWorker?.wake();
      await record(request, { action: 'enquiry.mail-retry', target: about(request.params.id) });
      return status;
    },
  );
};
