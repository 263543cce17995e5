import { type BinList, notInBin } from '../../../shared/bin/bin';
import { binItemParams } from '../../../shared/bin/schemas';
import type { FeaturePlugin } from '../../context';
import { notFound } from '../../errors';
import type { Bin } from './service';

/**
 * The Bin (docs/decisions/0036-bin.md), under /api/admin/ so the admin check guards it. Restoring
 * or deleting for good something that is not in the Bin (unknown, never binned, already gone)
 * answers 404, as does an unknown kind or a malformed id.
 */
export const binRoutes: FeaturePlugin<{ bin: Bin }> = async (app, { bin }) => {
  app.get('/api/admin/bin', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    const body: BinList = { items: await bin.list() };
    return body;
  });

  app.post('/api/admin/bin/:kind/:id/restore', { schema: { params: binItemParams } }, async (request, reply) => {
    const { kind, id } = request.params;
    if (!(await bin.restore(kind, id))) throw notFound(notInBin(kind, id));
    return reply.code(204).send();
  });

  app.delete('/api/admin/bin/:kind/:id', { schema: { params: binItemParams } }, async (request, reply) => {
    const { kind, id } = request.params;
    if (!(await bin.purge(kind, id))) throw notFound(notInBin(kind, id));
    return reply.code(204).send();
  });
};
