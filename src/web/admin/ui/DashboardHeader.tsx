import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { RouteRole } from '../../../shared/staff/staff';
import { paths } from '../../../shared/routes';
import { useMayUse } from '../session';

/** The admin's screens as the dashboard links them, each with the role it needs (decision 0058). */
const screens: readonly { href: string; label: string; role: RouteRole }[] = [
  // Visit counts and enquiry sources: owners and the inbox's staff (decision 0070).
  { href: paths.adminInsights, label: 'Insights', role: 'enquiries' },
  // The inbox's staff run the bookings (decision 0073).
  { href: paths.adminBookings, label: 'Upcoming assessments', role: 'enquiries' },
  { href: paths.adminBlog, label: 'Blog Management', role: 'editor' },
  { href: paths.adminImages, label: 'Image Manager', role: 'editor' },
  { href: paths.adminLogo, label: 'Logo Manager', role: 'editor' },
  { href: paths.adminSite, label: 'Site details', role: 'editor' },
  { href: paths.adminBin, label: 'Bin', role: 'staff' },
  { href: paths.adminStaff, label: 'Staff', role: 'owner' },
];

/** The dashboard's heading and its links to the other screens, only those the person may use. */
export function DashboardHeader({ children }: { children?: ReactNode }) {
  const mayUse = useMayUse();
  return (
    <div className="flex flex-wrap items-center justify-between gap-4">
      <h1 className="text-3xl font-bold text-slate-900">Admin Dashboard</h1>
      <nav aria-label="Admin" className="flex flex-wrap gap-2">
        {screens
          .filter(({ role }) => mayUse(role))
          .map(({ href, label }) => (
            <Link
              key={href}
              href={href}
              className="rounded-md border border-slate-300 bg-white px-3 py-2 font-medium hover:bg-slate-50"
            >
              {label}
            </Link>
          ))}
      </nav>
      {children}
    </div>
  );
}
