import { apiTokenCreateSchema } from '../../../shared/staff/schemas';
import type { FeaturePlugin } from '../../context';
import { notFound } from '../../errors';
import { idParams } from '../../validation';
import type { RecordAccess } from '../access-log';
import { apiTokenRecordSchema, createdApiTokenSchema } from '../../../shared/staff/responses';
import { answers, noContent } from '../../responses';
import { z } from 'zod';

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

  app.get(
    '/api/admin/api-tokens',
    { config: owner, schema: { response: answers({ 200: z.array(apiTokenRecordSchema) }) } },
    async () => {
      return tokens.list();
    },
  );

  app.post(
    '/api/admin/api-tokens',
    { config: owner, schema: { response: answers({ 201: createdApiTokenSchema }), body: apiTokenCreateSchema } },
    async (request, reply) => {
      const { principal } = request.adminAuth!;
      const created = await tokens.create(request.body, {
        name: principal.name,
        accountId: principal.kind === 'account' ? principal.id : null,
      });
      await record(request, { action: 'api-token.create', target: { kind: 'api-token', id: created.id } });
      reply.code(201);
      return created;
    },
  );

  app.delete(
    '/api/admin/api-tokens/:id',
    { config: owner, schema: { response: answers({ 204: noContent }), params: tokenParams } },
    async (request, reply) => {
      if (!(await tokens.revoke(request.params.id)))
        throw notFound(`There is no API token with id ${request.params.id}.`);
      await record(request, { action: 'api-token.revoke', target: { kind: 'api-token', id: request.params.id } });
      return reply.code(204).send();
    },
  );
};
