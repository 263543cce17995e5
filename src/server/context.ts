import type { FastifyPluginAsync, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Clock } from '../shared/clock';
import type { Config } from './config';
import type { Database } from './db/connection';

/** What every feature is given when it registers its routes. */
export interface AppContext {
  config: Config;
  database: Database;
  /** The staff e-mail worker, when notifications are on; told when new mail is queued. */
  mailWorker?: { wake(): void } | undefined;
  /** The time now, for every feature (decision 0060): tests pass one they move. */
  clock: Clock;
}

/**
 * Routes declare zod schemas; their handlers see the parsed, typed input (validation.ts). `Uses`
 * is what the feature's index.ts built for them once per app (its repository, its service),
 * passed with the context as the plugin's options.
 */
export type FeaturePlugin<Uses extends object = object> = FastifyPluginAsync<
  AppContext & Uses,
  RawServerDefault,
  ZodTypeProvider
>;
