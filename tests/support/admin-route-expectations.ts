import type { RouteRole, StaffRole } from '../../src/shared/staff/staff';

/**
 * The tests' own idea of who may use which route, written independently of the server's rules
 * (auth/admin-routes.ts and each route's declared role), so a mistake on one side shows.
 */
const publicWrites = new Set([
  'POST /api/assessments',
  'POST /api/contact-submissions',
  // Booking the free assessment and the parent's cancel and change links (issue 41).
  'POST /api/bookings',
  'POST /api/bookings/cancel',
  'POST /api/bookings/change',
  // Joining the waiting list, and its claim link (issue 51).
  'POST /api/bookings/waiting-list',
  'POST /api/bookings/waiting-list/claim',
  // The beacon of a page shown in place from a prefetch: counted, never answered (decision 0065).
  'POST /api/page-views',
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
]);
const adminReads = [/^\/api\/contact-submissions(\/|$)/, /^\/api\/admin(\/|$)/];

/** Everything under /api/admin/, every write under /api/ except the public forms, and the admin reads. */
export function mustBeProtected(method: string, url: string): boolean {
  if (url.startsWith('/api/admin/')) return true;
  if (['GET', 'HEAD'].includes(method)) return adminReads.some((pattern) => pattern.test(url));
  if (method === 'OPTIONS') return false;
  return url.startsWith('/api/') && !publicWrites.has(`${method} ${url}`);
}

/**
 * The role each protected route needs (docs/decisions/0058-staff-accounts-roles-and-access-log.md).
 * A route this does not know fails the test that asks, so a new route gets a line here.
 */
export function roleNeeded(method: string, url: string): RouteRole {
  if (url.startsWith('/api/contact-submissions')) return 'enquiries';
  if (url.startsWith('/api/admin/blog') || url.startsWith('/api/admin/images')) return 'editor';
  if (url === '/api/settings' || url === '/api/logo/upload') return 'editor';
  // The centre's facts (decision 0059): details, prices, how the office answers (issue 50) and restores are the owners', the rest the editors'.
  if (url.startsWith('/api/admin/site')) {
    // Reads (Fastify answers HEAD beside each GET) are anyone's; the facts are public anyway.
    if (method === 'GET' || method === 'HEAD') return 'staff';
    if (url.includes('/restore') || ['details', 'replies'].some((part) => url.startsWith(`/api/admin/site/${part}`)))
      return 'owner';
    return 'editor';
  }
  // Anyone signed in: the session itself, their own account, and the Bin (which checks each kind: binKindRole).
  if (url === '/api/admin/session' || url.startsWith('/api/admin/bin') || url.startsWith('/api/admin/staff/me')) {
    return 'staff';
  }
  if (url.startsWith('/api/admin/api-tokens') || url.startsWith('/api/admin/staff')) return 'owner';
  if (url === '/api/admin/access-log') return 'owner';
  // Visit counts and enquiry sources (decision 0070): owners and the inbox's staff, not editors.
  if (url === '/api/admin/insights') return 'enquiries';
  // The Monday report (issue 50): each owner's own choice, and "E-mail me this report".
  if (url.startsWith('/api/admin/insights/weekly-report')) return 'owner';
  // Upcoming assessments (decision 0073): the inbox's staff run the bookings, owners too.
  if (url === '/api/admin/bookings' || url.startsWith('/api/admin/bookings/')) return 'enquiries';
  throw new Error(`No expected role for ${method} ${url}: add it to tests/support/admin-route-expectations.ts`);
}

/** Whose each kind in the Bin is. */
export const binKindRole: Record<'enquiry' | 'post' | 'image', StaffRole> = {
  enquiry: 'enquiries',
  post: 'editor',
  image: 'editor',
};
