import { type ReactNode, useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { Island } from '../../islands/Island';
import { ToastRegion } from '../ui/toaster';
import { AreaTicker } from './AreaTicker';
import { Footer } from './Footer';
import { Header } from './Header';

/** Ticker, header, main content, footer and the toast region, on every page (docs/product.md#layout). */
export function SiteLayout({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  const main = useRef<HTMLElement>(null);
  const firstLocation = useRef(location);

  useEffect(() => {
    if (location === firstLocation.current) return;
    firstLocation.current = location;
    // A new page starts at the top, and screen readers start reading at its content.
    window.scrollTo(0, 0);
    main.current?.focus({ preventScroll: true });
  }, [location]);

  return (
    <>
      <a
        href="#main"
        className="sr-only z-50 rounded bg-white px-4 py-2 focus:not-sr-only focus:fixed focus:left-2 focus:top-2"
      >
        Skip to main content
      </a>
      <AreaTicker />
      <Header />
      <main id="main" ref={main} tabIndex={-1} className="outline-none">
        {children}
      </main>
      <Footer />
      <Island name="ToastRegion" component={ToastRegion} props={{}} load="with-first" />
    </>
  );
}
