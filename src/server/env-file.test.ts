import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const repo = path.resolve(import.meta.dirname, '../..');
const tsx = path.join(repo, 'node_modules/.bin/tsx');
const adminKeyCommand = path.join(repo, 'src/server/admin-key-cli.ts');

/** `npm run admin:key` as the deployer runs it: in the project folder, with their .env beside it. */
function runAdminKey(folder: string, env: Record<string, string> = {}) {
  const environment: Record<string, string | undefined> = { ...process.env, ...env };
  for (const name of ['DATA_DIR', 'DATABASE_URL', 'ADMIN_API_KEY', 'TEST_DB', 'TEST_DATABASE_URL']) {
    if (!(name in env)) delete environment[name];
  }
  return spawnSync(tsx, [adminKeyCommand], { cwd: folder, env: environment, encoding: 'utf8' });
}

// Each test starts the command as a process of its own (tsx): seconds on a busy machine.
describe('.env in the project folder', { timeout: 60_000 }, () => {
  let folder: string;
  beforeEach(() => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'site-env-'));
  });
  afterEach(() => fs.rmSync(folder, { recursive: true, force: true }));

  it('is read: its DATA_DIR is where the command stores the key', () => {
    fs.writeFileSync(path.join(folder, '.env'), "# the deployer's settings\nDATA_DIR=./from-env-file\n");
    const result = runAdminKey(folder);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(fs.existsSync(path.join(folder, 'from-env-file/site.db'))).toBe(true);
  });

  it('loses to a variable set in the real environment', () => {
    fs.writeFileSync(path.join(folder, '.env'), 'DATA_DIR=./from-env-file\n');
    const result = runAdminKey(folder, { DATA_DIR: './from-environment' });
    expect(result.status).toBe(0);
    expect(fs.existsSync(path.join(folder, 'from-environment/site.db'))).toBe(true);
    expect(fs.existsSync(path.join(folder, 'from-env-file'))).toBe(false);
  });

  it('carries every variable the server reads (here the one that makes the command refuse)', () => {
    fs.writeFileSync(path.join(folder, '.env'), `DATA_DIR=./data\nADMIN_API_KEY=${'k'.repeat(32)}\n`);
    const result = runAdminKey(folder);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('ADMIN_API_KEY is set');
  });
});
