import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { defaultSiteFacts } from '../../shared/site-facts/defaults';
import { answers } from '../responses';

export const openApiPath = '/api/openapi.json';

/**
 * The API described by the schemas its routes declare, as OpenAPI 3 JSON at /api/openapi.json.
 * Registered before the features so it sees every route; pages and static files are left out.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      // Written once at start: the built-in name; the API is the product's, whatever the centre is called.
      info: { title: `${defaultSiteFacts.details.name} API`, version: '1' },
      components: {
        securitySchemes: { adminKey: { type: 'apiKey', in: 'header', name: 'x-api-key' } },
      },
    },
    transform: (document) => {
      const { url } = document;
      if (!url.startsWith('/api/') || url === openApiPath) return { schema: { hide: true }, url };
      return jsonSchemaTransform(document);
    },
  });
  // Written whole (`additionalProperties: true`): the document is @fastify/swagger's, not ours to list.
  const document = z.custom<object>().meta({ type: 'object', additionalProperties: true, description: 'OpenAPI 3' });
  app.get(openApiPath, { schema: { response: answers({ 200: document }) } }, async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return app.swagger();
  });
}
