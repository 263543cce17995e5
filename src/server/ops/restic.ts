import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { BACKUP_RETENTION } from '../../shared/retention';
import { withoutCredentials } from './command';

/**
 * The off-site copy is restic's (decision 0048): encrypted, deduplicated, to a local folder, SFTP,
 * S3-compatible storage or anything rclone reaches. restic reads its own variables (README "Back up
 * and restore"); this module only runs it and reads its JSON.
 */

/** Every snapshot this site makes carries this tag; retention and restore look at no other. */
export const siteTag = 'northstar';

/** Retention: one snapshot a day for a week, one a week for a month (BACKUP_RETENTION, which the privacy page follows). */
export const retentionPolicy = [
  '--keep-daily',
  String(BACKUP_RETENTION.dailySnapshots),
  '--keep-weekly',
  String(BACKUP_RETENTION.weeklySnapshots),
];

export interface Snapshot {
  id: string;
  shortId: string;
  time: Date;
  tags: string[];
}

export interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** What is missing for restic to know where the repository is and how to open it; undefined when nothing. */
export function resticSettingsProblem(environment: Record<string, string | undefined> = process.env) {
  if (!environment.RESTIC_REPOSITORY && !environment.RESTIC_REPOSITORY_FILE) {
    return 'RESTIC_REPOSITORY is not set: set it (with RESTIC_PASSWORD_FILE) in the settings file, and run `restic init` once (README "Back up and restore").';
  }
  if (!environment.RESTIC_PASSWORD && !environment.RESTIC_PASSWORD_FILE && !environment.RESTIC_PASSWORD_COMMAND) {
    return 'RESTIC_PASSWORD_FILE (or RESTIC_PASSWORD) is not set: restic needs the repository password.';
  }
  return undefined;
}

/** The repository named without any user:password it may hold, for messages. */
export function repositoryName(environment: Record<string, string | undefined> = process.env): string {
  const named = environment.RESTIC_REPOSITORY ?? `(named in ${environment.RESTIC_REPOSITORY_FILE})`;
  return withoutCredentials(named);
}

/**
 * Runs a command to completion. `stdin`/`stdout` may be files: a copy goes to restic, or comes
 * back from it, without passing through this process's memory.
 */
export function runCommand(
  command: string,
  args: string[],
  files: { stdinFile?: string; stdoutFile?: string } = {},
): Promise<CommandResult> {
  return new Promise((resolve) => {
    const stdin = files.stdinFile ? fs.openSync(files.stdinFile, 'r') : 'ignore';
    const stdout = files.stdoutFile ? fs.openSync(files.stdoutFile, 'w') : 'pipe';
    const child = spawn(command, args, { stdio: [stdin, stdout, 'pipe'] });
    let out = '';
    let err = '';
    child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()));
    const settle = (code: number) => {
      if (typeof stdin === 'number') fs.closeSync(stdin);
      if (typeof stdout === 'number') fs.closeSync(stdout);
      resolve({ code, stdout: out, stderr: err.trim() });
    };
    child.once('error', (error) => {
      err += error.message;
      settle(127);
    });
    child.once('close', (code) => settle(code ?? 1));
  });
}

export const restic = (args: string[], files?: { stdinFile?: string; stdoutFile?: string }) =>
  runCommand('restic', args, files);

/**
 * Restic's `--time`: the moment in this process's local time zone, which restic reads it in. The
 * snapshot is stamped with our clock rather than restic's own reading, so its age is measured
 * against the same clock that made it (decision 0060).
 */
export function resticTime(at: Date): string {
  const two = (value: number) => String(value).padStart(2, '0');
  const date = `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())}`;
  return `${date} ${two(at.getHours())}:${two(at.getMinutes())}:${two(at.getSeconds())}`;
}

/** Stores `file` as a snapshot named `name` (e.g. site.db) made `at`, with the given tags; returns its id. */
export async function storeSnapshot(file: string, name: string, tags: string[], at: Date): Promise<string> {
  const tagArgs = [siteTag, ...tags].flatMap((tag) => ['--tag', tag]);
  const args = ['backup', '--json', '--quiet', '--stdin', '--stdin-filename', name, '--time', resticTime(at)];
  const result = await restic([...args, ...tagArgs], { stdinFile: file });
  const summary = result.stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { message_type?: string; snapshot_id?: string })
    .find((message) => message.message_type === 'summary');
  if (result.code !== 0 || !summary?.snapshot_id) {
    throw new Error(`restic could not store the copy: ${result.stderr || `exit code ${result.code}`}`);
  }
  return summary.snapshot_id;
}

/** The site's snapshots, oldest first. */
export async function listSnapshots(): Promise<Snapshot[]> {
  const result = await restic(['snapshots', '--json', '--tag', siteTag]);
  if (result.code !== 0) throw new Error(`restic could not list the snapshots: ${result.stderr}`);
  const listed = JSON.parse(result.stdout || '[]') as
    { id: string; short_id: string; time: string; tags?: string[] }[] | null;
  return (listed ?? [])
    .map((snapshot) => ({
      id: snapshot.id,
      shortId: snapshot.short_id,
      time: new Date(snapshot.time),
      tags: snapshot.tags ?? [],
    }))
    .sort((a, b) => a.time.getTime() - b.time.getTime());
}

/** Applies the retention policy to the site's snapshots and deletes the data no snapshot keeps. */
export async function forgetOldSnapshots(): Promise<void> {
  const result = await restic(['forget', '--quiet', '--tag', siteTag, ...retentionPolicy, '--prune']);
  if (result.code !== 0) throw new Error(`restic could not apply the retention policy: ${result.stderr}`);
}

/** A tag's value: `engine` in `engine=sqlite`. */
export const tagValue = (snapshot: Snapshot, name: string) =>
  snapshot.tags.find((tag) => tag.startsWith(`${name}=`))?.slice(name.length + 1);
