/**
 * The one rule deciding which API routes are admin routes (signed-in staff, a named token or the
 * admin key; decision 0058 for the role each needs). A route is an admin route when
 * - it declares the role it needs (`config: { role: 'enquiries' }`), or
 * - it lives under /api/admin/, or
 * - it changes something (any method but GET/HEAD/OPTIONS) under /api/ and is not a public form.
 * So a new write route is protected unless someone deliberately adds it to publicWriteRoutes.
 */
export const publicWriteRoutes: readonly string[] = [
  'POST /api/assessments',
  'POST /api/contact-submissions',
  // Booking the free assessment, and the parent's cancel and change links (issue 41).
  'POST /api/bookings',
  'POST /api/bookings/cancel',
  'POST /api/bookings/change',
  // The waiting list (issue 51): joining it, and claiming a time come free with its link.
  'POST /api/bookings/waiting-list',
  'POST /api/bookings/waiting-list/claim',
  // The beacon of a page shown in place from a prefetch: counted, never answered (decision 0065).
  'POST /api/page-views',
  // Signing in and accepting an invitation: nobody is signed in yet (decision 0058).
  'POST /api/staff/sign-in',
  'POST /api/staff/sign-in/code',
  'POST /api/staff/sign-in/passkey/options',
  'POST /api/staff/sign-in/passkey',
  'POST /api/staff/invitations/open',
  'POST /api/staff/invitations/passkey/options',
  'POST /api/staff/invitations/accept',
  // Getting back in (issue 38): a link after "Forgot your password?", and an owner's reset link.
  'POST /api/staff/sign-in/code/again',
  'POST /api/staff/recovery',
  'POST /api/staff/recovery/open',
  'POST /api/staff/recovery/complete',
  'POST /api/staff/recovery/passkey/options',
  'POST /api/staff/recovery/reset',
];

const readMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

export function isAdminRoute(method: string, url: string, declaresRole: boolean): boolean {
  if (declaresRole) return true;
  if (url === '/api/admin' || url.startsWith('/api/admin/')) return true;
  const upper = method.toUpperCase();
  return url.startsWith('/api/') && !readMethods.has(upper) && !publicWriteRoutes.includes(`${upper} ${url}`);
}
