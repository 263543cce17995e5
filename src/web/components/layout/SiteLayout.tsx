import type { ReactNode } from 'react';
import { Island } from '../../lib/island';
import { ToastRegion } from '../ui/toaster';
import { AreaTicker } from './AreaTicker';
import { Footer } from './Footer';
import { Header } from './Header';

/**
 * Ticker, header, main content, footer and the toast region, on every page
 * (docs/product.md#layout). An in-place navigation replaces only `<main>` (decision 0052): the
 * rest stays alive, so the ticker keeps moving and an open toast stays open.
 */
export function SiteLayout({ children }: { children: ReactNode }) {
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
      <main id="main" tabIndex={-1} className="outline-none">
        {children}
      </main>
      <Footer />
      <Island name="ToastRegion" component={ToastRegion} props={{}} load="with-first" />
    </>
  );
}
