import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { systemClock } from '../../shared/clock';
import { siteVersion } from '../version';
import { CommandFailure, databaseName, runOpsCommand } from './command';
import { dumpPostgres } from './postgres-copy';
import { forgetOldSnapshots, repositoryName, resticSettingsProblem, storeSnapshot } from './restic';
import { describeRows, rowTags } from './site-contents';
import { copySqlite } from './sqlite-copy';

/**
 * `npm run backup`: a consistent copy of the site's database, made while the site runs (SQLite's
 * online backup, or pg_dump), handed to restic, then the retention policy applied. Exits 1
 * whenever no snapshot was stored (decision 0048).
 */
runOpsCommand(async (config) => {
  const settingsProblem = resticSettingsProblem();
  if (settingsProblem) throw new CommandFailure(`No backup made. ${settingsProblem}`);
  const sqliteFile = path.join(config.dataDir, 'site.db');
  const engine = config.databaseUrl ? 'postgres' : 'sqlite';
  if (engine === 'sqlite' && !fs.existsSync(sqliteFile)) {
    throw new CommandFailure(
      `No backup made: no database at ${sqliteFile}. Run this with the site's settings (on a server: sudo northstar backup).`,
    );
  }

  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'site-backup-'));
  try {
    const name = engine === 'postgres' ? 'site.dump' : 'site.db';
    const copy = path.join(scratch, name);
    const contents = await (
      config.databaseUrl ? dumpPostgres(config.databaseUrl, copy) : copySqlite(sqliteFile, copy)
    ).catch((error: unknown) => {
      throw new CommandFailure(
        `No backup made: the copy of ${databaseName(config, sqliteFile)} failed: ${(error as Error).message}`,
      );
    });
    const tags = [`engine=${engine}`, `version=${siteVersion}`, ...rowTags(contents)];
    const snapshot = await storeSnapshot(copy, name, tags, systemClock()).catch((error: unknown) => {
      throw new CommandFailure(`No backup made: ${(error as Error).message}`);
    });
    console.log(
      `Backed up ${databaseName(config, sqliteFile)} (${describeRows(contents.rows)}) as snapshot ${snapshot} in ${repositoryName()}.`,
    );
    await forgetOldSnapshots().catch((error: unknown) => {
      throw new CommandFailure(`Snapshot ${snapshot} was stored, but ${(error as Error).message}`);
    });
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
});
