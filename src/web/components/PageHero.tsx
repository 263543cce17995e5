import type { ReactNode } from 'react';
import type { ShowcaseImage } from '../../shared/images/images';
import { paths } from '../../shared/routes';
import { ResponsiveImage } from './ResponsiveImage';

interface PageHeroProps {
  title: string;
  lead: string;
  /** A photo beside the text on wide screens and under it on phones: the page's main image. */
  image?: ShowcaseImage;
  children?: ReactNode;
}

/** The opening band of a page: its one h1, a short lead and the free-assessment call to action. */
export function PageHero({ title, lead, image, children }: PageHeroProps) {
  return (
    <section className="bg-gradient-to-b from-blue-50 to-white">
      <div
        className={`mx-auto max-w-7xl px-4 py-14 sm:py-20 ${image ? 'grid items-center gap-10 lg:grid-cols-2' : ''}`}
      >
        <div>
          <h1 className="max-w-3xl text-3xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">{title}</h1>
          <p className="mt-4 max-w-2xl text-lg text-slate-700">{lead}</p>
          {children ?? (
            <a
              href={paths.freeAssessment}
              className="mt-8 inline-block rounded-full bg-red-600 px-6 py-3 font-semibold text-white shadow hover:bg-red-700"
            >
              Book A Free Assessment
            </a>
          )}
        </div>
        {image && (
          <ResponsiveImage
            src={image.path}
            alt={image.altText}
            // Half of the 80rem column beside the text; the full width under it on smaller screens.
            sizes="(min-width: 1280px) 608px, (min-width: 1024px) 48vw, calc(100vw - 2rem)"
            priority
            className="aspect-[4/3] w-full rounded-2xl object-cover shadow-md"
          />
        )}
      </div>
    </section>
  );
}
