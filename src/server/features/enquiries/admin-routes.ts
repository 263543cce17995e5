import {
  DEFAULT_PAGE_SIZE,
  type EnquiryCounts,
  type EnquiryPage,
  enquiryQuerySchema,
  enquiryUpdateSchema,
} from '../../../shared/enquiries/admin-schemas';
import { enquiryCountsSchema, enquiryPageSchema, enquirySchema } from '../../../shared/enquiries/responses';
import { replySettingsOf } from '../../../shared/enquiries/reply-settings';
import { londonDate } from '../../../shared/london-time';
import type { FeaturePlugin } from '../../context';
import { type ActingStaff, actingFor } from '../../auth/principal';
import { notFound } from '../../errors';
import { answers, noContent, notJson } from '../../responses';
import { z } from 'zod';
import type { RecordAccess, ViewersOf } from '../access-log';
import type { SourcesOf } from '../analytics';
import type { ReadSiteFacts } from '../site-facts';
import { mayUse } from '../../../shared/staff/staff';
import type { BookingsOf } from './booking-enquiries';
import { enquiriesCsv } from './csv';
import { enquiryIdParams } from './params';
import { replyWait } from './reply-clock';
import { type EnquiriesRepo, withoutMarks } from './repo';
import type { WorkflowRepo } from './workflow-repo';

/**
 * The admin inbox; the counts and the export take the list's query (paging ignored) so one bad
 * filter is refused the same way everywhere. Every route declares the inbox's role (decision 0058),
 * which also makes its GETs admin routes. Reading the list, exporting and every change go to the
 * access log (the list and the export with the ids of the enquiries they showed, so the
 * per-enquiry filter finds them, and without their filter: a search may be a parent's name). */
export const enquiriesAdminRoutes: FeaturePlugin<{
  repo: EnquiriesRepo;
  /** Moves an enquiry to the Bin with its bookings to come cancelled (index.ts). */
  bin: (id: number, by: ActingStaff) => Promise<boolean>;
  workflow: WorkflowRepo;
  record: RecordAccess;
  viewersOf: ViewersOf;
  sourcesOf: SourcesOf;
  bookingsOf: BookingsOf;
  siteFacts: ReadSiteFacts;
}> = async (app, { config, clock, repo, bin, workflow, record, viewersOf, sourcesOf, bookingsOf, siteFacts }) => {
  const admin = { role: 'enquiries' } as const;

  app.get(
    '/api/contact-submissions',
    {
      config: admin,
      schema: {
        querystring: enquiryQuerySchema,
        // Without paging, the plain array of docs/product.md#api-inbox; with it, one page.
        response: answers({ 200: z.union([z.array(enquirySchema), enquiryPageSchema]) }),
      },
    },
    async (request) => {
      const { page, pageSize, ...filters } = request.query;
      // The plain call keeps the contract in docs/product.md#api-inbox: every matching submission, newest first, as an array.
      if (page === undefined && pageSize === undefined) {
        const all = await repo.list(filters);
        await record(request, { action: 'enquiry.list', shownEnquiries: all.map((item) => item.id) });
        return all.map(withoutMarks);
      }
      const size = pageSize ?? DEFAULT_PAGE_SIZE;
      const current = page ?? 1;
      const [items, total] = await Promise.all([
        repo.list(filters, { limit: size, offset: (current - 1) * size }),
        repo.count(filters),
      ]);
      // Who saw each card before this look at it: only for those who may read the access log it comes from.
      const mayReadLog = mayUse(request.adminAuth!.principal.roles, 'owner');
      const ids = items.map((item) => item.id);
      const [viewers, sources, bookings, facts] = await Promise.all([
        mayReadLog ? viewersOf(ids) : undefined,
        // Where each came from (decision 0065): its landing page, source and the page it was sent from.
        sourcesOf(ids),
        // The time of each that is a booked assessment (issue 41).
        bookingsOf(ids),
        // The office's hours, for each family's wait in opening time (issue 50).
        siteFacts(),
      ]);
      const now = clock();
      // Each enquiry on the page was shown (its card holds the name, e-mail, phone and message).
      await record(request, { action: 'enquiry.list', shownEnquiries: items.map((item) => item.id) });
      // The inbox screen pages; its cards also show staff's notes and the notification's delivery.
      const withWork = (await workflow.withWorkflow(items)).map((item) => ({
        ...item,
        source: sources.get(item.id) ?? null,
        booking: bookings.get(item.id) ?? null,
        waited: replyWait(item, facts.hours, now),
      }));
      const body: EnquiryPage = {
        items: viewers
          ? withWork.map((item) => ({ ...item, viewedBy: viewers.get(item.id) ?? { latest: [], more: 0 } }))
          : withWork,
        total,
        page: current,
        pageSize: size,
        pageCount: Math.ceil(total / size),
        mailOn: config.mail !== undefined,
        replies: replySettingsOf(facts),
      };
      return body;
    },
  );

  app.get(
    '/api/contact-submissions/counts',
    { config: admin, schema: { querystring: enquiryQuerySchema, response: answers({ 200: enquiryCountsSchema }) } },
    async (request) => {
      const { q } = request.query;
      const [all, assessment, contact, unreviewed] = await Promise.all([
        repo.count({ q }),
        repo.count({ q, type: 'assessment' }),
        repo.count({ q, type: 'contact' }),
        repo.count({ q, reviewed: 'false' }),
      ]);
      const body: EnquiryCounts = { all, assessment, contact, unreviewed };
      return body;
    },
  );

  // The export is the whole current filter, never one page of it.
  app.get(
    '/api/contact-submissions/export.csv',
    { config: admin, schema: { querystring: enquiryQuerySchema, response: answers({ 200: notJson('CSV') }) } },
    async (request, reply) => {
      const { q, type, reviewed } = request.query;
      // The centre's own date, so a file saved late in a British summer evening is named for that day.
      const date = londonDate(clock());
      const exported = await repo.list({ q, type, reviewed });
      const ids = exported.map((item) => item.id);
      const [notes, sources] = await Promise.all([workflow.notesFor(ids), sourcesOf(ids)]);
      const csv = enquiriesCsv(
        exported.map((item) => ({
          ...item,
          staffNotes: notes.get(item.id) ?? [],
          source: sources.get(item.id) ?? null,
        })),
      );
      await record(request, { action: 'enquiry.export', shownEnquiries: exported.map((item) => item.id) });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="submissions-${date}.csv"`)
        .send(csv);
    },
  );

  app.put(
    '/api/contact-submissions/:id',
    {
      config: admin,
      schema: { params: enquiryIdParams, body: enquiryUpdateSchema, response: answers({ 200: enquirySchema }) },
    },
    async (request) => {
      const { id } = request.params;
      const updated = await repo.update(id, request.body, actingFor(request));
      if (!updated) throw notFound(`There is no submission ${id}.`);
      await record(request, { action: 'enquiry.update', target: { kind: 'enquiry', id } });
      return updated;
    },
  );

  // Moves it to the Bin (docs/decisions/0036-bin.md); the answer is still the contract's 204.
  app.delete(
    '/api/contact-submissions/:id',
    { config: admin, schema: { params: enquiryIdParams, response: answers({ 204: noContent }) } },
    async (request, reply) => {
      const { id } = request.params;
      if (!(await bin(id, actingFor(request)))) throw notFound(`There is no submission ${id}.`);
      await record(request, { action: 'enquiry.bin', target: { kind: 'enquiry', id } });
      return reply.code(204).send();
    },
  );
};
