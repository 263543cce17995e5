import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyServerFactory, type RouteOptions } from 'fastify';
import { type Clock, systemClock } from '../shared/clock';
import type { Config } from './config';
import type { AppContext } from './context';
import { registerContentGeneration } from './coordination/content-generation';
import type { Database } from './db/connection';
import { createFeatures } from './features/index';
import { type AdminAuthOptions, registerAdminAuth } from './auth/admin-auth';
import { type ClientAssets, readClientAssets } from './rendering/client-assets';
import { installErrorHandler } from './http/error-handler';
import { registerOpenApi } from './http/openapi';
import { frameworkErrors } from './http/framework-errors';
import { registerAdminNoStore } from './http/admin-no-store';
import { registerInputRules } from './http/input-rules';
import { registerMetrics } from './http/metrics';
import { createDayBoundary } from './rendering/day-boundary';
import { createPageRenderer, type PublicationBoundary, type RenderPage, registerPages } from './rendering/pages';
import { registerRequestLog, requestLogController } from './http/request-log';
import { serializerCompiler } from './responses';
import { registerSecurityHeaders } from './http/security-headers';
import { registerStaticFiles } from './http/static-files';
import { createServerSiteApi } from './site-api';
import { validatorCompiler } from './validation';
import { fastifyTrustProxy } from './trust-proxy';
import { asyncStdout } from './log-destination';

export interface AppOptions {
  config: Config;
  database: Database;
  /** The client build (dist/client); without it pages render without scripts or styles. */
  clientDir?: string;
  logger?: boolean;
  /** Where the service log goes: stdout unless given (a test reads what was logged). */
  logStream?: NodeJS.WritableStream;
  adminAuth?: AdminAuthOptions;
  /** Told about every route as it is registered (the route-walk test uses it). */
  onRoute?: (route: RouteOptions) => void;
  /** Woken when an enquiry queues a staff e-mail (main.ts starts it; tests may pass their own). */
  mailWorker?: { wake(): void };
  /** A cluster worker: GET /metrics asks the primary for the whole site's numbers (decision 0027). */
  clusterWorker?: boolean;
  /** npm run dev: Vite's HTTP server, its scripts instead of the build's, and fresh page code per request. */
  dev?: DevOptions;
  /** The time now for everything the app does (decision 0060); tests pass a clock they can move. */
  clock?: Clock;
}

export interface DevOptions {
  serverFactory: FastifyServerFactory;
  clientAssets: ClientAssets;
  render: RenderPage;
}

const compressedPerResponse = /^(application\/(json|rss\+xml|xml)|text\/xml)\b/;

/** Builds the whole application without listening: main.ts listens, tests call inject(). */
export async function buildApp({
  config,
  database,
  clientDir,
  logger = true,
  logStream,
  adminAuth,
  onRoute,
  mailWorker,
  clusterWorker,
  dev,
  clock = systemClock,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    ...(dev ? { serverFactory: dev.serverFactory } : {}),
    logger: logger && { level: config.logLevel, stream: logStream ?? asyncStdout() },
    // One line per request instead (request-log.ts): nothing about the visitor, no headers.
    logController: requestLogController(),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1024 * 1024,
    frameworkErrors,
    // Give in-flight requests time to finish on shutdown, then drop idle keep-alive sockets.
    forceCloseConnections: 'idle',
  });
  installErrorHandler(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerInputRules(app);
  registerRequestLog(app, config.requestLog);
  registerSecurityHeaders(app);
  registerAdminNoStore(app);
  // Only JSON, RSS and the sitemap are compressed per response: pages are compressed once in the
  // page cache, and built files were compressed at build time (.br/.gz beside each).
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'], customTypes: compressedPerResponse });

  // Before any route: pages read the shared content generation, staff writes bump it.
  const contentGeneration = registerContentGeneration(app, database);
  const context: AppContext = { config, database, mailWorker, clock };
  if (onRoute) app.addHook('onRoute', onRoute);
  registerMetrics(app, context, { clusterWorker });
  // Parses the staff session cookie for the admin hook (unsigned: the value is a random token
  // looked up by its hash, so a signature would add nothing).
  await app.register(cookie);
  // Built before any route is registered (building registers nothing): the admin hook records refusals.
  const features = createFeatures(context);
  // Before any route: admin protection is attached to routes as they are registered.
  registerAdminAuth(app, context, { ...adminAuth, record: features.record });
  await registerOpenApi(app);
  const siteApi = createServerSiteApi(features);
  const pages = createPageRenderer(
    config,
    siteApi,
    dev?.clientAssets ?? readClientAssets(clientDir),
    dev?.render,
    clock,
  );
  for (const routes of features.routes(siteApi, pages)) await app.register(routes, context);

  await registerStaticFiles(app, clientDir);
  // A cached page lasts until the next scheduled post appears and, for closures, until midnight.
  const today = createDayBoundary(clock);
  const publicationBoundary: PublicationBoundary = (generation) => {
    const next = features.blog.publicationBoundary(generation);
    return typeof next === 'string' ? `${next}|${today()}` : next.then((key) => `${key}|${today()}`);
  };
  registerPages(app, config, pages, {
    contentGeneration,
    publicationBoundary,
    pageAnswered: features.analytics.pageAnswered,
  });
  return app;
}
