import type { ReactNode } from 'react';

export interface InfoCard {
  title: string;
  text: ReactNode;
}

/** A headed section of short cards: the building block of the tuition pages. */
export function InfoCards({
  id,
  title,
  lead,
  cards,
}: {
  id: string;
  title: string;
  lead?: string;
  cards: readonly InfoCard[];
}) {
  return (
    <section aria-labelledby={id} className="mx-auto max-w-7xl px-4 py-12">
      <h2 id={id} className="text-2xl font-bold text-slate-900 sm:text-3xl">
        {title}
      </h2>
      {lead && <p className="mt-2 max-w-3xl text-slate-700">{lead}</p>}
      <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {cards.map((card) => (
          <li key={card.title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <h3 className="text-lg font-semibold text-slate-900">{card.title}</h3>
            <p className="mt-2 text-slate-700">{card.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
