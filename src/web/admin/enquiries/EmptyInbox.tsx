import { paths } from '../../../shared/routes';

/**
 * What the inbox says with nothing to show: for a search or a filter, that nothing matches; for a
 * new centre's first look, where enquiries will come from and what to do meanwhile.
 */
export function EmptyInbox({ searching }: { searching: boolean }) {
  if (searching) return <p className="text-slate-700">No enquiries match this search or filter.</p>;
  return (
    <div className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-slate-800">
      <p className="text-lg font-semibold text-slate-900">No enquiries yet</p>
      <p className="mt-2 max-w-2xl">
        When a parent sends the contact form, asks for a call back or books a free assessment on the website, it appears
        here, newest first, and the office is e-mailed if e-mail is set up.
      </p>
      <ul className="mt-3 list-disc space-y-1 pl-5">
        <li>
          <a href={paths.contact} className="text-blue-800 underline underline-offset-2">
            Open the contact page
          </a>{' '}
          to see the form parents use.
        </li>
        <li>
          <a href={paths.adminSite} className="text-blue-800 underline underline-offset-2">
            Check the centre&apos;s details
          </a>{' '}
          (phone, opening hours) that parents see beside it.
        </li>
      </ul>
    </div>
  );
}
