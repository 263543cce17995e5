import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { paths } from '../../shared/routes';

/** The opening band of a page: its one h1, a short lead and the free-assessment call to action. */
export function PageHero({ title, lead, children }: { title: string; lead: string; children?: ReactNode }) {
  return (
    <section className="bg-gradient-to-b from-blue-50 to-white">
      <div className="mx-auto max-w-7xl px-4 py-14 sm:py-20">
        <h1 className="max-w-3xl text-3xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">{title}</h1>
        <p className="mt-4 max-w-2xl text-lg text-slate-700">{lead}</p>
        {children ?? (
          <Link
            href={paths.freeAssessment}
            className="mt-8 inline-block rounded-full bg-red-600 px-6 py-3 font-semibold text-white shadow hover:bg-red-700"
          >
            Book A Free Assessment
          </Link>
        )}
      </div>
    </section>
  );
}
