import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { loadConfig } from './config';
import { type Database, openDatabase } from './db/connection';
import { migrateToLatest } from './db/migrate';
import { postInput } from '../../tests/support/blog-factory';
import { cameraJpeg } from '../../tests/support/image-fixtures';
import { seedEnquiry } from '../../tests/support/submission-factory';
import { uploadImage } from '../../tests/support/multipart';

const repo = path.resolve(import.meta.dirname, '../..');
const adminKey = 'backup-test-admin-key-0123456789';
const admin = { 'x-api-key': adminKey };

/** The site as `npm start` runs it on one DATA_DIR (SQLite), without a port: tests inject(). */
async function startSite(dataDir: string): Promise<{ app: FastifyInstance; database: Database }> {
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, ADMIN_API_KEY: adminKey, PAGE_CACHE_MS: '0' });
  const database = openDatabase(config);
  await migrateToLatest(database.db);
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  return { app, database };
}

/** `npm run backup` / `npm run restore` in a folder without a .env, with the given environment. */
function run(script: 'backup' | 'restore', args: string[], env: Record<string, string>, cwd: string) {
  const environment: Record<string, string | undefined> = { ...process.env, ...env };
  delete environment.DATABASE_URL;
  return spawnSync(process.execPath, [path.join(repo, `scripts/${script}.mjs`), ...args], {
    cwd,
    env: environment,
    encoding: 'utf8',
  });
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

describe('npm run backup and npm run restore (SQLite)', () => {
  const folders: string[] = [];
  const folder = (name: string) => {
    const created = fs.mkdtempSync(path.join(os.tmpdir(), `site-${name}-`));
    folders.push(created);
    return created;
  };
  afterEach(() => {
    for (const created of folders.splice(0)) fs.rmSync(created, { recursive: true, force: true });
  });

  it('backs up a running site with enquiries, posts and images; restored into a fresh DATA_DIR it has them all', async () => {
    const workDir = folder('work');
    const liveDir = folder('live');
    const backupsDir = path.join(workDir, 'backups');
    const live = await startSite(liveDir);
    await seedEnquiry(live.database.db, { first_name: 'Restored', message: 'Is there a place in Year 9?' });
    const post = await live.app.inject({
      method: 'POST',
      url: '/api/admin/blog',
      headers: admin,
      payload: postInput({ title: 'Kept through a restore' }),
    });
    expect(post.statusCode).toBe(201);
    const photo = await cameraJpeg(120, 80);
    const image = await uploadImage(live.app, admin, {
      data: photo,
      filename: 'centre.jpg',
      type: 'image/jpeg',
      category: 'classroom',
      altText: 'The centre',
    });
    const imageBytes = (await live.app.inject(image.path)).rawPayload;

    // Older daily copies: with BACKUP_KEEP=3 only today's and the two newest of these stay.
    fs.mkdirSync(backupsDir);
    for (const day of ['01', '02', '03', '04']) fs.writeFileSync(path.join(backupsDir, `site-2020-01-${day}.db`), '');
    const backup = run('backup', ['backups'], { DATA_DIR: liveDir, BACKUP_KEEP: '3' }, workDir); // while it runs
    expect(backup.stderr).toBe('');
    expect(backup.status).toBe(0);
    const today = `site-${new Date().toISOString().slice(0, 10)}.db`;
    expect(fs.readdirSync(backupsDir).sort()).toEqual(['site-2020-01-03.db', 'site-2020-01-04.db', today]);
    await live.app.close();
    await live.database.close();

    const freshDir = path.join(folder('fresh'), 'data');
    const restore = run(
      'restore',
      [`backups/${today}`],
      { DATA_DIR: freshDir, PORT: String(await freePort()) },
      workDir,
    );
    expect(restore.stderr).toBe('');
    expect(restore.status).toBe(0);

    const restored = await startSite(freshDir);
    try {
      const inbox = await restored.app.inject({ url: '/api/contact-submissions', headers: admin });
      expect(inbox.body).toContain('Is there a place in Year 9?');
      const restoredPost = await restored.app.inject('/api/blog/kept-through-a-restore');
      expect(restoredPost.statusCode).toBe(200);
      const restoredImage = await restored.app.inject(image.path);
      expect(restoredImage.statusCode).toBe(200);
      expect(restoredImage.rawPayload.equals(imageBytes)).toBe(true);
    } finally {
      await restored.app.close();
      await restored.database.close();
    }
  });

  it('refuses while something answers on the site port, and refuses a file that is not a backup', async () => {
    const workDir = folder('work');
    const dataDir = path.join(workDir, 'data');
    const site = await startSite(dataDir);
    await site.app.close();
    await site.database.close();
    const backup = run('backup', [], { DATA_DIR: dataDir }, workDir);
    expect(backup.status).toBe(0);
    const [copy] = fs.readdirSync(path.join(workDir, 'backups'));

    const target = path.join(workDir, 'target');
    const listener = net.createServer().listen(0, '127.0.0.1');
    await new Promise((resolve) => listener.once('listening', resolve));
    const { port } = listener.address() as net.AddressInfo;
    try {
      const refused = run('restore', [`backups/${copy}`], { DATA_DIR: target, PORT: String(port) }, workDir);
      expect(refused.status).toBe(1);
      expect(refused.stderr).toContain(`Something answers on port ${port}`);
      expect(fs.existsSync(target)).toBe(false);
    } finally {
      listener.close();
    }

    fs.writeFileSync(path.join(workDir, 'notes.db'), 'not a database');
    const garbage = run('restore', ['notes.db'], { DATA_DIR: target, PORT: String(await freePort()) }, workDir);
    expect(garbage.status).toBe(1);
    expect(garbage.stderr).toContain('cannot be restored');
    expect(fs.existsSync(target)).toBe(false);
  });
});
