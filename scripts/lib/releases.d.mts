// Types for releases.mjs, for the TypeScript tests that use it.
export interface Release {
  version: string;
  commit: string;
  tag?: string;
}
export interface Git {
  (...args: string[]): string;
  try(...args: string[]): string | undefined;
}
export const releasesBeforeTheScript: Record<string, string>;
export const versionPattern: RegExp;
export function compareVersions(a: string, b: string): number;
export function nextVersion(version: string, part: 'major' | 'minor' | 'patch'): string;
export function gitIn(repository: string): Git;
export function listReleases(git: Git, revisions?: string[]): Release[];
export function findRelease(git: Git, version: string): Release | undefined;
export function newestReleaseBefore(git: Git): Release | undefined;
