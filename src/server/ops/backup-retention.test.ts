import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/database';
import {
  opsTimeouts,
  createResticRepository,
  runOps,
  type TestResticRepository,
} from '../../../tests/support/ops-commands';

const day = 24 * 60 * 60 * 1000;

describe('npm run backup applies the retention policy', { timeout: opsTimeouts.test }, () => {
  let database: TestDatabase;
  let repository: TestResticRepository;
  beforeEach(async () => {
    database = await createTestDatabase();
    repository = createResticRepository();
  }, opsTimeouts.hook);
  afterEach(async () => {
    await database.dispose();
    repository.dispose();
  }, opsTimeouts.hook);

  it('keeps one snapshot a day for the last 7 days and one a week beyond, forgetting the rest', async () => {
    // Nine earlier nightly backups, one a day for the nine days before today.
    const now = Date.now();
    for (let daysAgo = 9; daysAgo >= 1; daysAgo--) {
      repository.storeSnapshot(['engine=sqlite'], new Date(now - daysAgo * day));
    }

    const backup = await runOps('backup', [], { DATA_DIR: database.dataDir, ...repository.env });
    expect(backup.stderr).toBe('');
    expect(backup.status).toBe(0);

    const kept = repository.snapshots().map((snapshot) => Math.round((now - Date.parse(snapshot.time)) / day));
    // Today and the six days before: the daily part.
    for (const daysAgo of [0, 1, 2, 3, 4, 5, 6]) expect(kept).toContain(daysAgo);
    // Days 7 to 9 span at most two calendar weeks: the weekly part keeps at most the newest of each.
    expect(kept.filter((daysAgo) => daysAgo >= 7).length).toBeLessThanOrEqual(2);
    expect(kept.length).toBeLessThan(10);
  });
});
