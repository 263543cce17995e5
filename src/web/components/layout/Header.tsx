import { Menu, X } from '../icons';
import { useLocation } from 'wouter';
import { navLinks, paths } from '../../../shared/routes';
import { useShell } from '../../lib/contexts';
import { BrandMark } from './BrandMark';
import { SocialLinks } from './SocialLinks';

function NavLink({ href, label }: { href: string; label: string }) {
  const [location] = useLocation();
  const active = href === '/' ? location === '/' : location === href || location.startsWith(`${href}/`);
  return (
    <a href={href} aria-current={active ? 'page' : undefined} className="nav-link">
      {label}
    </a>
  );
}

/** The phone menu's nav; the toggle names it in aria-controls. */
const menuId = 'mobile-menu';

/**
 * Rendered on the server and never hydrated on public pages: the phone menu is a button and a
 * `hidden` nav, opened and closed by a few lines of plain script (islands/page-behaviour.ts), so
 * the header puts no UI runtime on text pages (decision 0038).
 */
export function Header() {
  const { showAdminLink } = useShell();
  const links = showAdminLink ? [...navLinks, { label: 'Admin', href: paths.admin }] : navLinks;

  return (
    // Opaque: a backdrop blur behind 95% white was invisible, yet a phone redrew it on every
    // scrolled frame and the page carried its nine variables (decision 0040).
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-3">
        <BrandMark />
        <nav aria-label="Main" className="hidden xl:block">
          <ul className="flex items-center gap-0.5">
            {links.map((link) => (
              <li key={link.href}>
                <NavLink {...link} />
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-2">
          <SocialLinks className="hidden text-slate-600 2xl:flex" />
          <a
            href={paths.freeAssessment}
            className="hidden whitespace-nowrap rounded-full bg-red-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-red-700 md:inline-block xl:hidden"
          >
            Book A Free Assessment
          </a>
          <button
            type="button"
            className="group inline-flex h-11 w-11 items-center justify-center rounded-md text-slate-800 hover:bg-slate-100 xl:hidden"
            data-menu-toggle
            aria-expanded="false"
            aria-controls={menuId}
            aria-label="Open menu"
          >
            <Menu aria-hidden="true" className="group-aria-expanded:hidden" />
            <X aria-hidden="true" className="hidden group-aria-expanded:block" />
          </button>
        </div>
      </div>
      <nav id={menuId} aria-label="Mobile" hidden className="border-t border-slate-200 xl:hidden">
        <ul className="mx-auto grid max-w-7xl gap-1 px-4 py-3">
          {links.map((link) => (
            <li key={link.href}>
              <NavLink {...link} />
            </li>
          ))}
          <li className="pt-2">
            <a
              href={paths.freeAssessment}
              className="block rounded-full bg-red-600 px-4 py-3 text-center font-semibold text-white"
            >
              Book A Free Assessment
            </a>
          </li>
        </ul>
        <SocialLinks className="justify-center pb-3 text-slate-600" />
      </nav>
    </header>
  );
}
