import type { FastifyPluginAsync } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/connection';

/** What every feature is given when it registers its routes. */
export interface AppContext {
  config: Config;
  database: Database;
}

export type FeaturePlugin = FastifyPluginAsync<AppContext>;
