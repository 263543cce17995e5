import type { TestProject } from 'vitest/node';
import { createPostgresTemplate, createSqliteTemplate } from './database-template';

/**
 * globalSetup of the sqlite and postgres projects (vitest.config.ts): migrates the run's template
 * database once, before any test file, and removes it after the last. The project's `env` says
 * which engine, as it does to its test files.
 */
export default async function setup(project: TestProject) {
  const env = project.config.env;
  const { template, remove } =
    env.TEST_DB === 'postgres' ? await createPostgresTemplate(env.TEST_DATABASE_URL!) : await createSqliteTemplate();
  project.provide('testDatabaseTemplate', template);
  let removed = false;
  const removeOnce = async () => {
    if (removed) return;
    removed = true;
    await remove();
  };
  // Watch mode: this process keeps the code it migrated with, so after an edit the template may be
  // an older schema. Reruns migrate each database again instead (createTestDatabase without a template).
  project.onTestsRerun(async () => {
    project.provide('testDatabaseTemplate', null);
    await removeOnce();
  });
  return removeOnce;
}
