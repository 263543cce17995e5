import { paths } from '../../../shared/routes';
import { useSiteFacts } from '../../lib/site-data';
import { centreTelHref } from '../centre-contact';

/** The closing call to action: book the free assessment, or ring the centre. */
export function CtaBand({ title, text }: { title: string; text: string }) {
  const { details } = useSiteFacts();
  return (
    <section className="bg-blue-800 text-white">
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-12 md:flex-row md:items-center md:justify-between">
        <div>
          <h2 className="text-2xl font-bold sm:text-3xl">{title}</h2>
          <p className="mt-2 max-w-2xl text-blue-50">{text}</p>
        </div>
        <div className="flex flex-col gap-3 sm:flex-row">
          <a
            href={paths.freeAssessment}
            className="rounded-full bg-white px-6 py-3 text-center font-semibold text-blue-800 hover:bg-blue-50"
          >
            Book A Free Assessment
          </a>
          <a
            href={centreTelHref(details)}
            className="rounded-full border-2 border-white px-6 py-3 text-center font-semibold text-white hover:bg-blue-700"
          >
            Call {details.phone}
          </a>
        </div>
      </div>
    </section>
  );
}
