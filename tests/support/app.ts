import type { FastifyInstance, RouteOptions } from 'fastify';
import { type AppOptions, buildApp } from '../../src/server/app';
import { prepareSecretsAtRest } from '../../src/server/auth/secrets-start';
import { type Config, loadConfig } from '../../src/server/config';
import { createFeatures, type Features } from '../../src/server/features/index';
import { systemClock } from '../../src/shared/clock';
import { createTestDatabase, type TestDatabase } from './database';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  config: Config;
  /**
   * The features as buildApp builds them, over the same database and clock, for what has no route
   * (the retention run, the Bin's emptying, the sitemap's posts). Their repositories hold no state.
   */
  features: Features;
  close(): Promise<void>;
}

/** The real application on a fresh database, for app.inject(): no port, no mocks. */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    clientDir?: string;
    /** Captures the service log (at LOG_LEVEL, info unless env says) instead of keeping it off. */
    logStream?: NodeJS.WritableStream;
  } & Pick<AppOptions, 'adminAuth' | 'onRoute' | 'clock'> = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  // The app and the features below share one clock, as the server's processes do.
  const clock = options.clock ?? systemClock;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: database.dataDir,
    PUBLIC_URL: 'https://www.example.test',
    LOG_LEVEL: options.logStream ? 'info' : 'silent',
    // Tests change the database directly and expect the next page to show it.
    PAGE_CACHE_MS: '0',
    ...options.env,
  });
  // What a start does before serving: the key for secrets at rest made (in the test's DATA_DIR) and recorded.
  await prepareSecretsAtRest(database.db, config.secretsKeyFile, clock);
  const app = await buildApp({
    config,
    database,
    clientDir: options.clientDir,
    logger: options.logStream !== undefined,
    logStream: options.logStream,
    adminAuth: options.adminAuth,
    onRoute: options.onRoute,
    clock,
  });
  await app.ready();
  return {
    app,
    database,
    config,
    features: createFeatures({ config, database, clock }),
    close: async () => {
      await app.close();
      await database.dispose();
    },
  };
}

/** Collects every route the app registers (pass onRoute to createTestApp), so new routes are covered automatically. */
export function routeTable() {
  const routes: { method: string; url: string }[] = [];
  const onRoute = (route: RouteOptions) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url });
  };
  return { routes, onRoute };
}
