import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import pg from 'pg';
import type { ViteUserConfig } from 'vitest/config';
import { filesEndingIn, runtimeDependentTests } from './tests/support/runtime-tests.mjs';

const postgresUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function postgresAnswers(): Promise<boolean> {
  const client = new pg.Client({ connectionString: postgresUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Unit tests run once; integration tests (*.int.test.ts) run on SQLite and again on PostgreSQL.
 * `runtime` repeats the unit tests that depend on the Node.js line, for CI's second Node.
 * Without PostgreSQL the second run is left out with a plain message, except on CI, where it fails.
 */
export default async function config(): Promise<ViteUserConfig> {
  const withPostgres = await postgresAnswers();
  if (!withPostgres) {
    const message = `PostgreSQL did not answer at ${postgresUrl.replace(/\/\/[^/@]*@/, '//')}.`;
    if (process.env.CI === 'true') throw new Error(`${message} CI must test PostgreSQL: start it and run again.`);
    console.warn(
      `\n*** ${message} The PostgreSQL integration tests are NOT being run. ***\n` +
        '*** Start PostgreSQL or set TEST_DATABASE_URL to include them. ***\n',
    );
  }
  const integration = ['src/**/*.int.test.{ts,tsx}'];
  const unitTests = filesEndingIn(
    ['src', 'eslint-rules', 'tests/scripts'],
    ['.test.ts', '.test.tsx', '.test.mjs'],
  ).filter((file) => !file.includes('.int.test.'));
  // Tests of PostgreSQL's own behaviour (a broken connection) run only in the PostgreSQL project.
  const postgresOnly = ['src/**/*.postgres.int.test.{ts,tsx}'];
  // Migrates one database per run that createTestDatabase() copies for each test file.
  const databaseTemplate = 'tests/support/database-template.global.ts';
  return {
    plugins: [react()],
    test: {
      // Vitest's default leaves a core free (one worker on a two-core machine), but most of these
      // tests wait (on SMTP, restic, PostgreSQL, scrypt's thread pool), so one file per core.
      maxWorkers: availableParallelism(),
      // A worker keeps its modules from one test file to the next (decision 0077): importing the
      // server afresh for each file was 40 % of Vitest's work. Each file makes its own database
      // and app, and must leave no state behind in a module or in process.env (docs/testing.md).
      isolate: false,
      // Ceilings, not speed checks: tests that wait for mail or hash passwords took more than the
      // default 5 s on a two-core machine busy with other work.
      testTimeout: 30_000,
      hookTimeout: 30_000,
      // `npm run coverage`: the server's and the shared code's lines and branches (docs/testing.md).
      coverage: {
        provider: 'v8' as const,
        include: ['src/server/**', 'src/shared/**'],
        exclude: ['**/*.test.{ts,tsx}', '**/*.d.{ts,mts}'],
        reporter: ['text-summary', 'json-summary'],
      },
      projects: [
        {
          extends: true as const,
          test: {
            name: 'unit',
            include: ['src/**/*.test.{ts,tsx}', 'eslint-rules/*.test.mjs', 'tests/scripts/*.test.ts'],
            exclude: integration,
          },
        },
        // The unit tests that hang on the Node.js line, for CI's second Node (decision 0076). `npm test`
        // leaves it out: the unit project holds these files already.
        { extends: true as const, test: { name: 'runtime', include: runtimeDependentTests(unitTests) } },
        {
          extends: true as const,
          test: {
            name: 'sqlite',
            include: integration,
            exclude: postgresOnly,
            env: { TEST_DB: 'sqlite' },
            globalSetup: [databaseTemplate],
          },
        },
        ...(withPostgres
          ? [
              {
                extends: true as const,
                test: {
                  name: 'postgres',
                  include: integration,
                  env: { TEST_DB: 'postgres', TEST_DATABASE_URL: postgresUrl },
                  globalSetup: [databaseTemplate],
                },
              },
            ]
          : []),
      ],
    },
  };
}
