import { apiTokenCreateSchema } from '../../../shared/staff/schemas';
import type { FeaturePlugin } from '../../context';
import { notFound } from '../../errors';
import { idParams } from '../../validation';
import type { RecordAccess } from '../access-log';

// Tokens change no page, so their writes leave the page caches alone (decision 0041).
const owner = { role: 'owner', changesNoContent: true } as const;
const tokenParams = idParams((raw) => `There is no API token with id ${raw}.`);

/**
 * Named API tokens (decision 0058): owners create one per script with the roles it needs, see
 * the list (never the tokens again) and revoke them. The token is in the creating answer only.
 * Creating and revoking go to the access log.
 */
export const apiTokenRoutes: FeaturePlugin<{ record: RecordAccess }> = async (app, { record }) => {
  const tokens = app.apiTokens;

  app.get('/api/admin/api-tokens', { config: owner }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return tokens.list();
  });

  app.post(
    '/api/admin/api-tokens',
    { config: owner, schema: { body: apiTokenCreateSchema } },
    async (request, reply) => {
      const created = await tokens.create(request.body, request.adminAuth!.principal.name);
      await record(request, { action: 'api-token.create', target: { kind: 'api-token', id: created.id } });
      reply.header('cache-control', 'no-store').code(201);
      return created;
    },
  );

  app.delete(
    '/api/admin/api-tokens/:id',
    { config: owner, schema: { params: tokenParams } },
    async (request, reply) => {
      if (!(await tokens.revoke(request.params.id)))
        throw notFound(`There is no API token with id ${request.params.id}.`);
      await record(request, { action: 'api-token.revoke', target: { kind: 'api-token', id: request.params.id } });
      return reply.code(204).send();
    },
  );
};
