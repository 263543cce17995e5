/**
 * The one rule deciding which API routes need the admin key. A route is an admin route when
 * - it says so (`config: { admin: true }`), or
 * - it lives under /api/admin/, or
 * - it changes something (any method but GET/HEAD/OPTIONS) under /api/ and is not a public form.
 * So a new write route is protected unless someone deliberately adds it to publicWriteRoutes.
 */
export const publicWriteRoutes: readonly string[] = ['POST /api/assessments', 'POST /api/contact-submissions'];

const readMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

export function isAdminRoute(method: string, url: string, declaredAdmin: boolean): boolean {
  if (declaredAdmin) return true;
  if (url === '/api/admin' || url.startsWith('/api/admin/')) return true;
  const upper = method.toUpperCase();
  return url.startsWith('/api/') && !readMethods.has(upper) && !publicWriteRoutes.includes(`${upper} ${url}`);
}
