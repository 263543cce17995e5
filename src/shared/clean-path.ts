/**
 * Path cleaning for addresses built from what a visitor sent. Loops, not regular expressions:
 * each character is looked at once, so 15,000 slashes cost 15,000 steps, not 15,000 squared.
 */

const isSlash = (character: string | undefined) => character === '/' || character === '\\';

/** The path without its trailing slashes ('/' stays '/'). */
export function trimTrailingSlashes(path: string): string {
  let end = path.length;
  while (end > 1 && path[end - 1] === '/') end -= 1;
  return path.slice(0, end);
}

/**
 * A path that can only name this site: any run of leading slashes and backslashes becomes one '/'.
 * Browsers read '//host', '///host' and '/\host' as another site, so those never reach a
 * Location header or a canonical URL.
 */
export function sameOriginPath(path: string): string {
  let start = 0;
  while (start < path.length && isSlash(path[start])) start += 1;
  return `/${path.slice(start)}`;
}

/** An absolute URL on this site: PUBLIC_URL and the cleaned path, never a parsed guess. */
export function siteUrl(publicUrl: string, path: string): string {
  return trimTrailingSlashes(publicUrl) + sameOriginPath(path);
}
