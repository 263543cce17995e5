import { site } from './site';

/** Every path the site answers, in one place, shared by the server and the browser. */
export const paths = {
  home: '/',
  freeAssessment: '/free-assessment',
  /** The parent's cancel and change links (issue 41): each with its `?token=`, never in the sitemap. */
  freeAssessmentCancel: '/free-assessment/cancel',
  freeAssessmentChange: '/free-assessment/change',
  /** The waiting list's claim link (issue 51): a time came free in the family's days. */
  freeAssessmentWaiting: '/free-assessment/waiting',
  /** Joining the waiting list (issue 51): the details once, and the days the family could come. */
  freeAssessmentWaitingList: '/free-assessment/waiting-list',
  examResits: '/exam-resits',
  primaryTuition: '/primary-tuition',
  secondaryTuition: '/secondary-tuition',
  subjects: '/subjects',
  why: `/why-${site.shortName}`,
  contact: '/contact',
  blog: '/blog',
  blogPost: '/blog/:slug',
  privacy: '/privacy',
  terms: '/terms',
  admin: '/admin',
  adminBlog: '/admin/blog',
  adminImages: '/admin/images',
  adminLogo: '/admin/logo',
  adminBin: '/admin/bin',
  adminStaff: '/admin/staff',
  adminAccount: '/admin/account',
  adminSite: '/admin/site',
  adminInsights: '/admin/insights',
  adminBookings: '/admin/bookings',
  adminInvitation: '/admin/invitation',
  /** A recovery link's screen (issue 38): the token after `#`. */
  adminRecover: '/admin/recover',
} as const;

export const blogPostPath = (slug: string) => `/blog/${encodeURIComponent(slug)}`;

export const navLinks = [
  { label: 'Home', href: paths.home },
  { label: 'Primary Tuition', href: paths.primaryTuition },
  { label: 'Secondary Tuition', href: paths.secondaryTuition },
  { label: 'Subjects', href: paths.subjects },
  { label: 'Exam Resits', href: paths.examResits },
  { label: 'Blog', href: paths.blog },
  { label: `Why ${site.shortNameDisplay}?`, href: paths.why },
  { label: 'Contact', href: paths.contact },
] as const;

/** Public pages with a fixed path: the sitemap, the accessibility sweep and the benchmarks use it. */
export const staticPublicPaths: readonly string[] = [
  paths.home,
  paths.freeAssessment,
  paths.examResits,
  paths.primaryTuition,
  paths.secondaryTuition,
  paths.subjects,
  paths.why,
  paths.contact,
  paths.blog,
  paths.privacy,
  paths.terms,
];

/** Matches a path against a pattern whose segments may be `:name` parameters. */
export function matchPath(pattern: string, pathname: string): Record<string, string> | null {
  const patternParts = pattern.split('/').filter(Boolean);
  const pathParts = pathname.split('/').filter(Boolean);
  if (patternParts.length !== pathParts.length) return null;
  const params: Record<string, string> = {};
  for (const [index, part] of patternParts.entries()) {
    const actual = pathParts[index]!;
    if (part.startsWith(':')) {
      try {
        params[part.slice(1)] = decodeURIComponent(actual);
      } catch {
        return null; // a malformed escape such as %E0 names no page
      }
    } else if (part !== actual) {
      return null;
    }
  }
  return params;
}
