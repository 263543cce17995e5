import {
  DEFAULT_PAGE_SIZE,
  type EnquiryCounts,
  type EnquiryPage,
  enquiryQuerySchema,
  enquiryUpdateSchema,
} from '../../../shared/enquiries/admin-schemas';
import type { FeaturePlugin } from '../../context';
import { notFound } from '../../errors';
import { idParams } from '../../validation';
import type { RecordAccess } from '../access-log';
import { enquiriesCsv } from './csv';
import type { EnquiriesRepo } from './repo';
import type { WorkflowRepo } from './workflow-repo';

const submissionIdParams = idParams((raw) => `There is no submission ${raw}.`);

/**
 * The admin inbox; the counts and the export take the list's query (paging ignored) so one bad
 * filter is refused the same way everywhere. Every route declares the inbox's role (decision 0058),
 * which also makes its GETs admin routes. Reading the list, exporting and every change go to the
 * access log (the list and the export without their filter: a search may be a parent's name). */
export const enquiriesAdminRoutes: FeaturePlugin<{
  repo: EnquiriesRepo;
  workflow: WorkflowRepo;
  record: RecordAccess;
}> = async (app, { config, repo, workflow, record }) => {
  const admin = { role: 'enquiries' } as const;

  app.get(
    '/api/contact-submissions',
    { config: admin, schema: { querystring: enquiryQuerySchema } },
    async (request, reply) => {
      const { page, pageSize, ...filters } = request.query;
      reply.header('cache-control', 'no-store');
      await record(request, { action: 'enquiry.list' });
      // The plain call keeps the contract in docs/product.md#api-inbox: every matching submission, newest first, as an array.
      if (page === undefined && pageSize === undefined) return repo.list(filters);
      const size = pageSize ?? DEFAULT_PAGE_SIZE;
      const current = page ?? 1;
      const [items, total] = await Promise.all([
        repo.list(filters, { limit: size, offset: (current - 1) * size }),
        repo.count(filters),
      ]);
      // The inbox screen pages; its cards also show staff's notes and the notification's delivery.
      const body: EnquiryPage = {
        items: await workflow.withWorkflow(items),
        total,
        page: current,
        pageSize: size,
        pageCount: Math.ceil(total / size),
        mailOn: config.mail !== undefined,
      };
      return body;
    },
  );

  app.get(
    '/api/contact-submissions/counts',
    { config: admin, schema: { querystring: enquiryQuerySchema } },
    async (request, reply) => {
      const { q } = request.query;
      const [all, assessment, contact, unreviewed] = await Promise.all([
        repo.count({ q }),
        repo.count({ q, type: 'assessment' }),
        repo.count({ q, type: 'contact' }),
        repo.count({ q, reviewed: 'false' }),
      ]);
      reply.header('cache-control', 'no-store');
      const body: EnquiryCounts = { all, assessment, contact, unreviewed };
      return body;
    },
  );

  // The export is the whole current filter, never one page of it.
  app.get(
    '/api/contact-submissions/export.csv',
    { config: admin, schema: { querystring: enquiryQuerySchema } },
    async (request, reply) => {
      const { q, type, reviewed } = request.query;
      const date = new Date().toISOString().slice(0, 10);
      const csv = enquiriesCsv(await repo.list({ q, type, reviewed }));
      await record(request, { action: 'enquiry.export' });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="submissions-${date}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  app.put(
    '/api/contact-submissions/:id',
    { config: admin, schema: { params: submissionIdParams, body: enquiryUpdateSchema } },
    async (request) => {
      const { id } = request.params;
      const updated = await repo.update(id, request.body);
      if (!updated) throw notFound(`There is no submission ${id}.`);
      await record(request, { action: 'enquiry.update', target: { kind: 'enquiry', id } });
      return updated;
    },
  );

  // Moves it to the Bin (docs/decisions/0036-bin.md); the answer is still the contract's 204.
  app.delete(
    '/api/contact-submissions/:id',
    { config: admin, schema: { params: submissionIdParams } },
    async (request, reply) => {
      const { id } = request.params;
      if (!(await repo.bin(id))) throw notFound(`There is no submission ${id}.`);
      await record(request, { action: 'enquiry.bin', target: { kind: 'enquiry', id } });
      return reply.code(204).send();
    },
  );
};
