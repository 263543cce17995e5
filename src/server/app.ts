import compress from '@fastify/compress';
import Fastify, { type FastifyInstance, type FastifyServerFactory, type RouteOptions } from 'fastify';
import type { Config } from './config';
import type { AppContext } from './context';
import type { Database } from './db/connection';
import { features } from './features/index';
import { type AdminAuthOptions, registerAdminAuth } from './plugins/admin-auth';
import { type ClientAssets, readClientAssets } from './plugins/client-assets';
import { installErrorHandler } from './plugins/error-handler';
import { registerMetrics } from './plugins/metrics';
import { type RenderPage, registerPages } from './plugins/pages';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerStaticFiles } from './plugins/static-files';
import { createServerSiteApi } from './site-api';

export interface AppOptions {
  config: Config;
  database: Database;
  /** The client build (dist/client); without it pages render without scripts or styles. */
  clientDir?: string;
  logger?: boolean;
  adminAuth?: AdminAuthOptions;
  /** Told about every route as it is registered (the route-walk test uses it). */
  onRoute?: (route: RouteOptions) => void;
  /** Woken when an enquiry queues a staff e-mail (main.ts starts it; tests may pass their own). */
  mailWorker?: { wake(): void };
  /** npm run dev: Vite's HTTP server, its scripts instead of the build's, and fresh page code per request. */
  dev?: DevOptions;
}

export interface DevOptions {
  serverFactory: FastifyServerFactory;
  clientAssets: ClientAssets;
  render: RenderPage;
}

/** Builds the whole application without listening: main.ts listens, tests call inject(). */
export async function buildApp({
  config,
  database,
  clientDir,
  logger = true,
  adminAuth,
  onRoute,
  mailWorker,
  dev,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    ...(dev ? { serverFactory: dev.serverFactory } : {}),
    logger: logger && {
      level: config.logLevel,
      redact: ['req.headers["x-api-key"]', 'req.headers.cookie', 'req.headers.authorization'],
    },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Give in-flight requests time to finish on shutdown, then drop idle keep-alive sockets.
    forceCloseConnections: 'idle',
  });
  installErrorHandler(app);
  await registerSecurityHeaders(app);
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });

  const context: AppContext = { config, database, mailWorker };
  if (onRoute) app.addHook('onRoute', onRoute);
  registerMetrics(app, context);
  // Before any route: admin protection is attached to routes as they are registered.
  registerAdminAuth(app, context, adminAuth);
  for (const feature of features) await app.register(feature, context);

  await registerStaticFiles(app, clientDir);
  const assets = dev?.clientAssets ?? readClientAssets(clientDir);
  registerPages(app, config, createServerSiteApi(database), assets, dev?.render);
  return app;
}
