import { sameOriginPath, trimTrailingSlashes } from '../../shared/clean-path';

/**
 * One address per page: /blog/ and /blog are the same page for search engines, so the first
 * answers 301 to the second. The target is always a path on this site ('//evil.example/' goes
 * to '/evil.example', never to another host). Undefined when the path has no trailing slash.
 */
export function trailingSlashRedirect(pathname: string, search: string): string | undefined {
  if (pathname.length <= 1 || !pathname.endsWith('/')) return undefined;
  const target = sameOriginPath(trimTrailingSlashes(pathname));
  return search ? `${target}?${search}` : target;
}
