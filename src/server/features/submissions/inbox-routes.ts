import {
  DEFAULT_PAGE_SIZE,
  type SubmissionCounts,
  type SubmissionPage,
  submissionQuerySchema,
  submissionUpdateSchema,
} from '../../../shared/contact-submissions';
import type { FeaturePlugin } from '../../context';
import { badRequest, notFound } from '../../errors';
import { parseInput } from '../../validation';
import { submissionsCsv } from './csv';
import { createSubmissionsRepo } from './repo';

const parseId = (raw: string): number => {
  const id = Number(raw);
  if (!Number.isSafeInteger(id) || id < 1) throw badRequest('The submission id must be a positive whole number.', 'id');
  return id;
};

/** The admin inbox. GETs are declared admin; PUT and DELETE are admin by the write-route rule anyway. */
export const inboxRoutes: FeaturePlugin = async (app, { database }) => {
  const repo = createSubmissionsRepo(database.db);
  const admin = { config: { admin: true } };

  app.get('/api/contact-submissions', admin, async (request, reply) => {
    const { page, pageSize, ...filters } = parseInput(submissionQuerySchema, request.query);
    reply.header('cache-control', 'no-store');
    // The plain call keeps SPEC.md's contract: every matching submission, newest first, as an array.
    if (page === undefined && pageSize === undefined) return repo.list(filters);
    const size = pageSize ?? DEFAULT_PAGE_SIZE;
    const current = page ?? 1;
    const [items, total] = await Promise.all([
      repo.list(filters, { limit: size, offset: (current - 1) * size }),
      repo.count(filters),
    ]);
    const body: SubmissionPage = { items, total, page: current, pageSize: size, pageCount: Math.ceil(total / size) };
    return body;
  });

  app.get('/api/contact-submissions/counts', admin, async (request, reply) => {
    const { q } = parseInput(submissionQuerySchema, request.query);
    const [all, assessment, contact, unreviewed] = await Promise.all([
      repo.count({ q }),
      repo.count({ q, type: 'assessment' }),
      repo.count({ q, type: 'contact' }),
      repo.count({ q, reviewed: 'false' }),
    ]);
    reply.header('cache-control', 'no-store');
    const body: SubmissionCounts = { all, assessment, contact, unreviewed };
    return body;
  });

  app.get('/api/contact-submissions/export.csv', admin, async (request, reply) => {
    // The export is the whole current filter, never one page of it.
    const { q, type, reviewed } = parseInput(submissionQuerySchema, request.query);
    const date = new Date().toISOString().slice(0, 10);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="submissions-${date}.csv"`)
      .header('cache-control', 'no-store')
      .send(submissionsCsv(await repo.list({ q, type, reviewed })));
  });

  app.put<{ Params: { id: string } }>('/api/contact-submissions/:id', admin, async (request) => {
    const id = parseId(request.params.id);
    const changes = parseInput(submissionUpdateSchema, request.body);
    const updated = await repo.update(id, changes);
    if (!updated) throw notFound(`There is no submission ${id}.`);
    return updated;
  });

  app.delete<{ Params: { id: string } }>('/api/contact-submissions/:id', admin, async (request, reply) => {
    const id = parseId(request.params.id);
    if (!(await repo.remove(id))) throw notFound(`There is no submission ${id}.`);
    return reply.code(204).send();
  });
};
