import { navLinks, paths } from '../../../shared/routes';
import { useShell } from '../../lib/contexts';
import { useSiteFacts } from '../../lib/site-data';
import { CentreContactDetails } from '../sections/CentreContactDetails';
import { SocialLinks } from './SocialLinks';

export function Footer() {
  const { year } = useShell();
  const { details } = useSiteFacts();
  return (
    <footer className="mt-16 bg-slate-900 text-slate-200">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-3">
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="mb-3 text-lg font-semibold text-white">
            {details.name}
          </h2>
          <CentreContactDetails look="footer" />
          <p className="mt-3 text-sm text-slate-300">{`UKPRN ${details.ukprn}`}</p>
        </section>
        <nav aria-labelledby="footer-pages">
          <h2 id="footer-pages" className="mb-3 text-lg font-semibold text-white">
            Tuition
          </h2>
          <ul className="footer-links grid gap-1.5">
            {navLinks.map((link) => (
              <li key={link.href}>
                <a href={link.href}>{link.label}</a>
              </li>
            ))}
            <li>
              <a href={paths.freeAssessment} className="font-semibold text-white">
                Book A Free Assessment
              </a>
            </li>
          </ul>
        </nav>
        <section aria-labelledby="footer-follow">
          <h2 id="footer-follow" className="mb-3 text-lg font-semibold text-white">
            Follow us
          </h2>
          <SocialLinks className="-ml-2 text-slate-200" />
          <ul className="footer-links mt-4 flex gap-4 text-sm">
            <li>
              <a href={paths.privacy}>Privacy</a>
            </li>
            <li>
              <a href={paths.terms}>Terms</a>
            </li>
          </ul>
        </section>
      </div>
      <p className="border-t border-slate-700 px-4 py-4 text-center text-sm text-slate-300">
        {`© ${year} ${details.name}. All rights reserved.`}
      </p>
    </footer>
  );
}
