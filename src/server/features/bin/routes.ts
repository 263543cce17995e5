import { type BinKind, binKinds, type BinList, notInBin } from '../../../shared/bin/bin';
import { binItemParams } from '../../../shared/bin/schemas';
import { mayUse, type StaffRole } from '../../../shared/staff/staff';
import { binListSchema } from '../../../shared/bin/responses';
import type { FeaturePlugin } from '../../context';
import { answers, noContent } from '../../responses';
import { forbidden, notFound } from '../../errors';
import type { RecordAccess } from '../access-log';
import type { Bin } from './service';

/** Whose each kind is (decision 0058): the Bin shows and lets each principal act on its own kinds. */
const roleFor: Record<BinKind, StaffRole> = { enquiry: 'enquiries', post: 'editor', image: 'editor' };
const staff = { role: 'staff' } as const;

/**
 * The Bin (docs/decisions/0036-bin.md), under /api/admin/ so the admin check guards it. Restoring
 * or deleting for good something that is not in the Bin (unknown, never binned, already gone)
 * answers 404, as does an unknown kind or a malformed id. Anyone signed in may open it; each sees
 * and handles only the kinds their roles cover (403 for another's). Restoring and deleting for good
 * go to the access log with the kind and id (an enquiry's entries outlive it: they hold only its id).
 */
export const binRoutes: FeaturePlugin<{ bin: Bin; record: RecordAccess }> = async (app, { bin, record }) => {
  app.get(
    '/api/admin/bin',
    { config: staff, schema: { response: answers({ 200: binListSchema }) } },
    async (request) => {
      const { roles } = request.adminAuth!.principal;
      const body: BinList = { items: await bin.list(binKinds.filter((kind) => mayUse(roles, roleFor[kind]))) };
      // A binned enquiry shows the parent's name: whoever saw it is recorded, as for the inbox.
      const enquiries = body.items.filter((item) => item.kind === 'enquiry').map((item) => item.id);
      if (enquiries.length > 0) await record(request, { action: 'bin.list', shownEnquiries: enquiries });
      return body;
    },
  );

  app.post(
    '/api/admin/bin/:kind/:id/restore',
    { config: staff, schema: { params: binItemParams, response: answers({ 204: noContent }) } },
    async (request, reply) => {
      const { kind, id } = request.params;
      if (!mayUse(request.adminAuth!.principal.roles, roleFor[kind])) throw forbidden();
      if (!(await bin.restore(kind, id))) throw notFound(notInBin(kind, id));
      await record(request, { action: 'bin.restore', target: { kind, id } });
      return reply.code(204).send();
    },
  );

  app.delete(
    '/api/admin/bin/:kind/:id',
    { config: staff, schema: { params: binItemParams, response: answers({ 204: noContent }) } },
    async (request, reply) => {
      const { kind, id } = request.params;
      if (!mayUse(request.adminAuth!.principal.roles, roleFor[kind])) throw forbidden();
      if (!(await bin.purge(kind, id))) throw notFound(notInBin(kind, id));
      await record(request, { action: 'bin.purge', target: { kind, id } });
      return reply.code(204).send();
    },
  );
};
