import crypto from 'node:crypto';
import pg from 'pg';
import { type RunningServer, startServer } from './server';

/**
 * The two databases a spec can run its server on: the embedded SQLite in the server's data folder,
 * and PostgreSQL, in a database made for that server alone and dropped when it stops.
 */
const postgresUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export async function onPostgres<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export interface SiteOnDatabase {
  server: RunningServer;
  /** The PostgreSQL database's address, or null on SQLite (the file is in `server.dataDir`). */
  databaseUrl: string | null;
  close(): Promise<void>;
}

export const e2eDatabases: { name: string; start(env: Record<string, string>): Promise<SiteOnDatabase> }[] = [
  {
    name: 'SQLite',
    async start(env) {
      const server = await startServer(env);
      return {
        server,
        databaseUrl: null,
        async close() {
          await server.stop();
          server.remove();
        },
      };
    },
  },
  {
    name: 'PostgreSQL',
    async start(env) {
      const name = `e2e_${crypto.randomBytes(4).toString('hex')}`;
      await onPostgres(postgresUrl, (client) => client.query(`create database ${name}`));
      const databaseUrl = new URL(`/${name}`, postgresUrl).href;
      const drop = () =>
        onPostgres(postgresUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
      try {
        const server = await startServer({ ...env, DATABASE_URL: databaseUrl });
        return {
          server,
          databaseUrl,
          async close() {
            await server.stop();
            server.remove();
            await drop();
          },
        };
      } catch (error) {
        await drop();
        throw error;
      }
    },
  },
];
