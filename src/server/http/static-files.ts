import fs from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const oneYear = 60 * 60 * 24 * 365;

/** Serves the client build: hashed files for a year (immutable), the others for an hour. */
export async function registerStaticFiles(app: FastifyInstance, clientDir: string | undefined): Promise<void> {
  if (!clientDir || !fs.existsSync(clientDir)) return;
  await app.register(fastifyStatic, {
    root: clientDir,
    wildcard: false, // one route per built file; every other path falls through to the pages
    preCompressed: true, // serve the .br/.gz twins written at build time
    cacheControl: false,
    allowedPath: (pathname) => !pathname.startsWith('/.vite/'),
    setHeaders: (reply, filePath) => {
      const hashed = filePath.includes('/assets/');
      reply.header('cache-control', hashed ? `public, max-age=${oneYear}, immutable` : 'public, max-age=3600');
    },
  });
}
