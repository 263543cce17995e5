import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { systemClock } from '../../shared/clock';
import type { Config } from '../config';
import { CommandFailure, databaseName, runOpsCommand } from './command';
import { checkSecretsKey } from './doctor-checks';
import { dumpPostgres, inspectPostgres, loadDump, withTemporaryDatabase } from './postgres-copy';
import { listSnapshots, restic, resticSettingsProblem, type Snapshot, tagValue } from './restic';
import { countedTables, type CountedRows, describeRows, migrationProblem, type SiteContents } from './site-contents';
import { siteAnswers } from './site-running';
import { inspectSqlite, ownershipProblem, replaceSqlite } from './sqlite-copy';

const usage = 'Usage: npm run restore -- <snapshot id | latest> [--verify]';

/**
 * `npm run restore -- <snapshot|latest>`: puts a snapshot made by `npm run backup` back, with the
 * site stopped, keeping what it replaces whole. `--verify` restores it into a temporary place
 * instead and checks it, touching nothing live (decision 0048).
 */
runOpsCommand(async (config) => {
  const args = process.argv.slice(2);
  const verify = args.includes('--verify');
  const wanted = args.filter((arg) => arg !== '--verify');
  if (wanted.length !== 1 || wanted[0]!.startsWith('-')) throw new CommandFailure(usage);
  const settingsProblem = resticSettingsProblem();
  if (settingsProblem) throw new CommandFailure(settingsProblem);

  const engine = config.databaseUrl ? 'postgres' : 'sqlite';
  const snapshot = await chooseSnapshot(wanted[0]!, engine);
  const sqliteFile = path.join(config.dataDir, 'site.db');
  if (!verify) await checkSafeToReplace(config, sqliteFile);

  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'site-restore-'));
  try {
    const name = engine === 'postgres' ? 'site.dump' : 'site.db';
    const copy = path.join(scratch, name);
    const dumped = await restic(['dump', snapshot.id, `/${name}`], { stdoutFile: copy });
    if (dumped.code !== 0)
      throw new CommandFailure(`restic could not read snapshot ${snapshot.shortId}: ${dumped.stderr}`);

    if (verify) {
      const contents = config.databaseUrl
        ? await withTemporaryDatabase(config.databaseUrl, async (url) => {
            await loadDump(url, copy, { replace: false });
            return inspectPostgres(url);
          })
        : await inspectSqlite(copy).catch(failure(snapshot));
      checkContents(snapshot, contents);
      console.log(
        `Snapshot ${snapshot.shortId} of ${snapshot.time.toISOString()} verified: it opens, is migrated ` +
          `(${contents.migrations.length} migrations) and holds ${describeRows(contents.rows)}, as when it was made. Nothing live was touched.`,
      );
      return;
    }

    const stamp = systemClock().toISOString().replace(/[:.]/g, '-');
    if (config.databaseUrl) {
      const kept = path.join(config.dataDir, `site-before-restore-${stamp}.dump`);
      fs.mkdirSync(config.dataDir, { recursive: true });
      await dumpPostgres(config.databaseUrl, kept);
      console.log(`The database being replaced is kept as ${kept} (pg_restore it to go back).`);
      await loadDump(config.databaseUrl, copy, { replace: true });
      checkContents(snapshot, await inspectPostgres(config.databaseUrl), `The previous database is in ${kept}.`);
    } else {
      checkContents(snapshot, await inspectSqlite(copy).catch(failure(snapshot)));
      const kept = replaceSqlite(sqliteFile, copy, `${sqliteFile}.before-restore-${stamp}`);
      console.log(`The database being replaced is kept, with its write-ahead log, as ${kept}.`);
    }
    console.log(
      `Restored snapshot ${snapshot.shortId} of ${snapshot.time.toISOString()} to ${databaseName(config, sqliteFile)}. ` +
        'Start the site: migrations newer than the backup run at start.',
    );
    // No snapshot holds the secrets key (decision 0058): on a new machine the site would refuse to
    // start without it, so say so now, while the person restoring still has the backups to hand.
    const key = await checkSecretsKey(config);
    if (!key.ok) console.log(`Before starting the site: ${key.what}; ${key.fix}.`);
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
});

/** `latest` (the newest of this engine) or a snapshot id (or its start); refuses one of the other engine. */
async function chooseSnapshot(wanted: string, engine: string): Promise<Snapshot> {
  const snapshots = await listSnapshots().catch((error: unknown) => {
    throw new CommandFailure((error as Error).message);
  });
  const snapshot =
    wanted === 'latest'
      ? snapshots.filter((candidate) => tagValue(candidate, 'engine') === engine).at(-1)
      : snapshots.find((candidate) => candidate.id.startsWith(wanted));
  if (!snapshot) {
    throw new CommandFailure(
      wanted === 'latest'
        ? `The repository holds no ${engine} snapshot of this site. Nothing was changed.`
        : `No snapshot ${wanted} of this site in the repository (\`restic snapshots --tag northstar\` lists them). Nothing was changed.`,
    );
  }
  const snapshotEngine = tagValue(snapshot, 'engine');
  if (snapshotEngine !== engine) {
    throw new CommandFailure(
      `Snapshot ${snapshot.shortId} is a ${snapshotEngine} backup but the site's settings use ${engine}. Nothing was changed.`,
    );
  }
  return snapshot;
}

/**
 * The live database is replaced only while the site is stopped, and only where a site keeps its
 * data: a restore into a folder holding no database (wrong DATA_DIR) would report success while
 * the live site stayed as it was.
 */
async function checkSafeToReplace(config: Config, sqliteFile: string): Promise<void> {
  if (await siteAnswers(config)) {
    throw new CommandFailure(
      `Something answers on port ${config.port}: stop the site before restoring (a running server would keep ` +
        'writing to the database being replaced). Nothing was changed.',
    );
  }
  if (!config.databaseUrl && fs.existsSync(sqliteFile)) {
    const problem = ownershipProblem(sqliteFile);
    if (problem) throw new CommandFailure(problem);
  }
  if (!config.databaseUrl && !fs.existsSync(sqliteFile)) {
    throw new CommandFailure(
      `No database at ${sqliteFile}: that is not where this site keeps its data. Run the restore with the ` +
        "site's settings (on a server: sudo northstar restore …); on a new machine start the site once first. Nothing was changed.",
    );
  }
}

/** The copy must be migrated, of this release or an older one, and hold the rows its snapshot recorded. */
function checkContents(snapshot: Snapshot, contents: SiteContents, outcome = 'Nothing was changed.'): void {
  const problem = migrationProblem(contents);
  if (problem) throw new CommandFailure(`Snapshot ${snapshot.shortId} cannot be restored: ${problem}. ${outcome}`);
  for (const counted of Object.keys(countedTables) as CountedRows[]) {
    const recorded = tagValue(snapshot, counted);
    if (recorded !== undefined && Number(recorded) !== contents.rows[counted]) {
      throw new CommandFailure(
        `Snapshot ${snapshot.shortId} holds ${contents.rows[counted]} ${counted} but ${recorded} were backed up. ${outcome}`,
      );
    }
  }
}

const failure = (snapshot: Snapshot) => (error: unknown) => {
  throw new CommandFailure(
    `Snapshot ${snapshot.shortId} cannot be restored: ${(error as Error).message}. Nothing was changed.`,
  );
};
