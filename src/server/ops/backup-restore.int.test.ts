import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import SQLite from '../db/sqlite-driver.mjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase } from '../db/connection';
import { postInput } from '../../../tests/support/blog-factory';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { cameraJpeg } from '../../../tests/support/images-fixtures';
import { uploadImage } from '../../../tests/support/multipart';
import {
  createResticRepository,
  freePort,
  opsTimeouts,
  runOps,
  type TestResticRepository,
} from '../../../tests/support/ops-commands';
import { seedEnquiry } from '../../../tests/support/enquiries-factory';

const adminKey = 'backup-test-admin-key-0123456789';
const admin = { 'x-api-key': adminKey };
const engine = process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';

describe(`npm run backup and npm run restore through restic (${engine})`, { timeout: opsTimeouts.test }, () => {
  let site: TestApp;
  let repository: TestResticRepository;
  /** The site's settings as the commands read them: its database, and a port nothing answers on. */
  let settings: Record<string, string>;

  beforeEach(async () => {
    site = await createTestApp({ env: { ADMIN_API_KEY: adminKey } });
    repository = createResticRepository();
    settings = {
      DATA_DIR: site.database.dataDir,
      ...(site.database.databaseUrl ? { DATABASE_URL: site.database.databaseUrl } : {}),
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      ...repository.env,
    };
  }, opsTimeouts.hook);
  afterEach(async () => {
    await site.close();
    repository.dispose();
  }, opsTimeouts.hook);

  /** The enquiries' messages in the safety copy the restore left beside the live database. */
  function keptCopyText(): string {
    const kept = fs
      .readdirSync(settings.DATA_DIR!)
      .filter((name) => name.includes('before-restore-') && !/-(?:wal|shm)$/.test(name));
    expect(kept).toHaveLength(1);
    const file = path.join(settings.DATA_DIR!, kept[0]!);
    if (engine === 'postgres') {
      const dump = spawnSync('pg_restore', ['--data-only', '--table=contact_submissions', '--file=-', file], {
        encoding: 'utf8',
      });
      return dump.stdout;
    }
    const copy = new SQLite(file, { readonly: true });
    try {
      return copy.prepare('select message from contact_submissions').pluck().all().join('\n');
    } finally {
      copy.close();
    }
  }

  /** The site as it starts again on the same database after the restore. */
  async function restartSite() {
    const config = loadConfig({
      NODE_ENV: 'test',
      ...settings,
      LOG_LEVEL: 'silent',
      PAGE_CACHE_MS: '0',
      ADMIN_API_KEY: adminKey,
    });
    const database = openDatabase(config);
    const app = await buildApp({ config, database, logger: false });
    await app.ready();
    return { app, close: async () => (await app.close(), await database.close()) };
  }

  it('backs up the running site, --verify checks the snapshot touching nothing live, restore brings back enquiries, posts and images', async () => {
    await seedEnquiry(site.database.db, { first_name: 'Backedup', message: 'Is there a place in Year 9?' });
    const post = await site.app.inject({
      method: 'POST',
      url: '/api/admin/blog',
      headers: admin,
      payload: postInput({ title: 'Kept through a restore' }),
    });
    expect(post.statusCode).toBe(201);
    const image = await uploadImage(site.app, admin, {
      data: await cameraJpeg(120, 80),
      filename: 'centre.jpg',
      type: 'image/jpeg',
      category: 'classroom',
      altText: 'The centre',
    });
    const imageBytes = (await site.app.inject(image.path)).rawPayload;

    const backup = await runOps('backup', [], settings);
    expect(backup.stderr).toBe('');
    expect(backup.status).toBe(0);
    expect(backup.stdout).toContain('1 enquiries, 1 blog posts, 1 images');
    const [snapshot, ...others] = repository.snapshots();
    expect(others).toEqual([]);
    expect(snapshot!.tags).toEqual(
      expect.arrayContaining(['northstar', `engine=${engine}`, 'enquiries=1', 'posts=1', 'images=1']),
    );

    // Written after the backup: the restore takes it away, the safety copy keeps it.
    await seedEnquiry(site.database.db, { first_name: 'Afterwards', message: 'Written after the backup' });

    const verify = await runOps('restore', ['latest', '--verify'], settings);
    expect(verify.stderr).toBe('');
    expect(verify.status).toBe(0);
    expect(verify.stdout).toContain(`Snapshot ${snapshot!.short_id}`);
    expect(verify.stdout).toContain('verified: it opens, is migrated');
    expect(verify.stdout).toContain('holds 1 enquiries, 1 blog posts, 1 images');
    const live = await site.app.inject({ url: '/api/contact-submissions', headers: admin });
    expect(live.body).toContain('Written after the backup');

    // The site stops; the restore puts the snapshot in place of the live database. The secrets
    // key is not in snapshots: as on a new machine, it is not in place yet, and the restore says so.
    await site.app.close();
    await site.database.close();
    const keyFile = path.join(settings.DATA_DIR!, 'secrets-key');
    fs.renameSync(keyFile, `${keyFile}.elsewhere`);
    const restore = await runOps('restore', [snapshot!.short_id], settings);
    expect(restore.stderr).toBe('');
    expect(restore.status).toBe(0);
    expect(restore.stdout).toContain(
      `Before starting the site: SECRETS_KEY_FILE ${keyFile} is missing, and the database holds authenticator-app secrets encrypted with it;`,
    );
    expect(keptCopyText()).toContain('Written after the backup');
    fs.renameSync(`${keyFile}.elsewhere`, keyFile);

    const restored = await restartSite();
    try {
      const inbox = await restored.app.inject({ url: '/api/contact-submissions', headers: admin });
      expect(inbox.body).toContain('Is there a place in Year 9?');
      expect(inbox.body).not.toContain('Written after the backup');
      expect((await restored.app.inject('/api/blog/kept-through-a-restore')).statusCode).toBe(200);
      const restoredImage = await restored.app.inject(image.path);
      expect(restoredImage.statusCode).toBe(200);
      expect(restoredImage.rawPayload.equals(imageBytes)).toBe(true);
    } finally {
      await restored.close();
    }
  });

  it('exits 1 with the reason whenever no snapshot was stored', async () => {
    const withoutRepository = { ...settings };
    delete withoutRepository.RESTIC_REPOSITORY;
    const unset = await runOps('backup', [], withoutRepository);
    expect(unset.status).toBe(1);
    expect(unset.stderr).toContain('No backup made. RESTIC_REPOSITORY is not set');

    const uninitialised = await runOps('backup', [], {
      ...settings,
      RESTIC_REPOSITORY: path.join(repository.folder, 'never-initialised'),
    });
    expect(uninitialised.status).toBe(1);
    expect(uninitialised.stderr).toContain('No backup made: restic could not store the copy');

    const unreachable = await runOps(
      'backup',
      [],
      engine === 'postgres'
        ? { ...settings, DATABASE_URL: `${settings.DATABASE_URL}_missing` }
        : { ...settings, DATA_DIR: path.join(settings.DATA_DIR!, 'elsewhere') },
    );
    expect(unreachable.status).toBe(1);
    expect(unreachable.stderr).toContain('No backup made');
    expect(repository.snapshots()).toEqual([]);
  });

  it('restore refuses, changing nothing, while the site answers, without a snapshot, or given a snapshot of the other database', async () => {
    await seedEnquiry(site.database.db, { message: 'Still here after every refusal' });
    const nothingYet = await runOps('restore', ['latest'], settings);
    expect(nothingYet.status).toBe(1);
    expect(nothingYet.stderr).toContain(`The repository holds no ${engine} snapshot of this site`);

    expect((await runOps('backup', [], settings)).status).toBe(0);
    const listener = net.createServer().listen(0, '127.0.0.1');
    await new Promise((resolve) => listener.once('listening', resolve));
    const { port } = listener.address() as net.AddressInfo;
    try {
      const running = await runOps('restore', ['latest'], { ...settings, PORT: String(port) });
      expect(running.status).toBe(1);
      expect(running.stderr).toContain(`Something answers on port ${port}: stop the site before restoring`);
    } finally {
      listener.close();
    }

    const otherEngine = engine === 'postgres' ? 'sqlite' : 'postgres';
    const otherId = repository.storeSnapshot([`engine=${otherEngine}`]);
    const mismatch = await runOps('restore', [otherId], settings);
    expect(mismatch.status).toBe(1);
    expect(mismatch.stderr).toContain(`is a ${otherEngine} backup but the site's settings use ${engine}`);

    if (engine === 'sqlite') {
      // Settings that point at a folder holding no database (a wrong DATA_DIR) are not the site's.
      const elsewhere = path.join(settings.DATA_DIR!, 'elsewhere');
      const wrongFolder = await runOps('restore', ['latest'], { ...settings, DATA_DIR: elsewhere });
      expect(wrongFolder.status).toBe(1);
      expect(wrongFolder.stderr).toContain(`No database at ${path.join(elsewhere, 'site.db')}`);
      expect(fs.existsSync(elsewhere)).toBe(false);
    }

    const inbox = await site.app.inject({ url: '/api/contact-submissions', headers: admin });
    expect(inbox.body).toContain('Still here after every refusal');
  });
});
