import { Menu, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { navLinks, paths } from '../../../shared/routes';
import { useShell } from '../../lib/contexts';
import { BrandMark } from './BrandMark';
import { SocialLinks } from './SocialLinks';

function NavLink({ href, label, onNavigate }: { href: string; label: string; onNavigate?: () => void }) {
  const [location] = useLocation();
  const active = href === '/' ? location === '/' : location === href || location.startsWith(`${href}/`);
  return (
    <Link
      href={href}
      onClick={onNavigate}
      aria-current={active ? 'page' : undefined}
      className={`block whitespace-nowrap rounded-md px-2.5 py-2 text-[15px] font-medium hover:bg-blue-50 hover:text-blue-800 ${
        active ? 'text-blue-800' : 'text-slate-700'
      }`}
    >
      {label}
    </Link>
  );
}

export function Header() {
  const { showAdminLink } = useShell();
  const [menuOpen, setMenuOpen] = useState(false);
  const [location] = useLocation();
  const menuId = useId();
  const links = showAdminLink ? [...navLinks, { label: 'Admin', href: paths.admin }] : navLinks;

  // The menu closes whenever the page changes, including through the browser's back button.
  useEffect(() => setMenuOpen(false), [location]);

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
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
          <Link
            href={paths.freeAssessment}
            className="hidden whitespace-nowrap rounded-full bg-red-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-red-700 md:inline-block xl:hidden"
          >
            Book A Free Assessment
          </Link>
          <button
            type="button"
            className="inline-flex h-11 w-11 items-center justify-center rounded-md text-slate-800 hover:bg-slate-100 xl:hidden"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
          </button>
        </div>
      </div>
      <nav id={menuId} aria-label="Mobile" hidden={!menuOpen} className="border-t border-slate-200 xl:hidden">
        <ul className="mx-auto grid max-w-7xl gap-1 px-4 py-3">
          {links.map((link) => (
            <li key={link.href}>
              <NavLink {...link} onNavigate={() => setMenuOpen(false)} />
            </li>
          ))}
          <li className="pt-2">
            <Link
              href={paths.freeAssessment}
              onClick={() => setMenuOpen(false)}
              className="block rounded-full bg-red-600 px-4 py-3 text-center font-semibold text-white"
            >
              Book A Free Assessment
            </Link>
          </li>
        </ul>
        <SocialLinks className="justify-center pb-3 text-slate-600" />
      </nav>
    </header>
  );
}
