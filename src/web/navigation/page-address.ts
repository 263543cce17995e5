/**
 * Whether an address is one of our public pages, which navigate in place (decision 0052).
 * Everything else loads as the browser would: another origin, the admin application (an
 * application of its own), the API, built assets, and files such as feeds, the sitemap or images.
 */
export function isPublicPage(url: URL): boolean {
  if (url.origin !== window.location.origin) return false;
  const { pathname } = url;
  if (pathname === '/admin' || ['/admin/', '/api/', '/assets/'].some((prefix) => pathname.startsWith(prefix))) {
    return false;
  }
  const lastSegment = pathname.slice(pathname.lastIndexOf('/') + 1);
  return !lastSegment.includes('.');
}

/** The page an address shows: the fragment only moves within it. */
export const pageKey = (url: URL) => url.origin + url.pathname + url.search;
