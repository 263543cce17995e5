// What the backup and restore commands need from the environment the server reads: .env in the
// folder they run in (as src/server/env-file.ts reads it for the server; real variables win).
import fs from 'node:fs';
import path from 'node:path';

if (fs.existsSync('.env')) process.loadEnvFile('.env');

export const usesPostgres = Boolean(process.env.DATABASE_URL);
export const dataDir = path.resolve(process.env.DATA_DIR || './data');
/** The SQLite file the server opens (src/server/db/connection.ts): it holds the images too. */
export const databaseFile = path.join(dataDir, 'site.db');
export const port = Number(process.env.PORT || 3000);
/** Where to knock to see whether the site runs: its HOST, or this machine when it listens on all. */
export const host = ['', '0.0.0.0', '::'].includes(process.env.HOST ?? '') ? '127.0.0.1' : process.env.HOST;
