import {
  ACCESS_LOG_KEEP_DAYS,
  BACKUP_KEEP_DAYS,
  BIN_KEEP_DAYS,
  SENT_MAIL_KEEP_DAYS,
  VISIT_VIEWS_KEEP_DAYS,
} from '../../shared/retention';
import { paths } from '../../shared/routes';
import { centreAddressLine, centreMailtoHref } from '../components/centre-contact';
import { PageHero } from '../components/PageHero';
import { useShell } from '../lib/contexts';
import { Seo } from '../lib/seo';
import { useSiteFacts } from '../lib/site-data';

const h2 = 'mt-10 text-2xl font-bold text-slate-900';

export function PrivacyPage() {
  const { retentionMonths } = useShell();
  const { details } = useSiteFacts();
  return (
    <>
      <Seo
        title={`Privacy Notice | ${details.name}`}
        description={`How ${details.name} collects, uses and keeps the information you share through our website forms.`}
      />
      <PageHero title="Privacy Notice" lead="How we collect, use and keep the information you give us.">
        <span />
      </PageHero>
      <article className="mx-auto max-w-3xl px-4 pb-14 text-slate-800 [&_li]:mt-1 [&_p]:mt-3 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-6">
        <p>
          {details.name} ({centreAddressLine(details)}) is responsible for the personal information described here.
          Questions:{' '}
          <a href={centreMailtoHref(details)} className="text-blue-800 underline">
            {details.email}
          </a>{' '}
          or {details.phone}.
        </p>
        <h2 className={h2}>What our forms collect</h2>
        <ul>
          <li>
            <a href={paths.freeAssessment} className="text-blue-800 underline">
              Free assessment
            </a>{' '}
            form: first and last name, telephone, e-mail, the subject you ask about and, if you choose, your child's
            year group and notes.
          </li>
          <li>Call-back form on the home page: first and last name, telephone and e-mail.</li>
          <li>
            <a href={paths.contact} className="text-blue-800 underline">
              Contact
            </a>{' '}
            form: first and last name, e-mail, mobile number and your message.
          </li>
          <li>
            With every form: the date and time you sent it. To stop spam, our server counts the forms sent from your
            internet address for 15 minutes; the count is cleared within the hour after that, and the address is not
            kept with your enquiry.
          </li>
        </ul>
        <h2 className={h2}>Why we use it</h2>
        <p>
          Only to answer your enquiry: to arrange an assessment, call you back or reply to your message. The legal basis
          is our legitimate interest in replying to people who contact us, and steps you ask us to take before booking
          tuition. We never sell your information or use it for advertising, and the website sets no tracking cookies.
        </p>
        <h2 className={h2}>Who sees it</h2>
        <p>
          Our staff, and the e-mail provider that delivers new enquiries to our office inbox. Nobody else, unless the
          law requires it.
        </p>
        <h2 className={h2}>Where it is kept</h2>
        <p data-testid="storage-statement">
          In the website's database on our server, and for a short time in e-mails (below). The server's log records
          that a page was asked for or an e-mail could not be delivered, never your name, e-mail address, telephone
          number or what you wrote.
        </p>
        <h2 className={h2}>How long we keep it</h2>
        <p data-testid="retention-statement">
          We keep assessment requests and contact messages for {`${retentionMonths}`} months from the day you send them,
          then they are deleted automatically. If you become a customer, the details you give us for tuition are kept
          under our customer terms instead.
        </p>
        <p data-testid="mail-retention-statement">
          Each new enquiry is also e-mailed to our office, and we may e-mail you a short confirmation that it arrived
          (it repeats nothing you wrote). The website keeps its copy of each of these e-mails for{' '}
          {`${SENT_MAIL_KEEP_DAYS}`} days after it is delivered. When an enquiry is deleted, whether on your request or
          automatically, every copy the website holds is deleted with it, including any e-mail not yet sent.
        </p>
        <p data-testid="bin-retention-statement">
          An enquiry our staff delete first goes to a bin for up to {`${BIN_KEEP_DAYS}`} days, in case it was deleted by
          mistake, where nobody works with it; then it is deleted for good. It never stays longer than the{' '}
          {`${retentionMonths}`} months above, and staff can delete it for good straight away, for example when you ask
          us to.
        </p>
        <p data-testid="backup-retention-statement">
          When an enquiry is deleted for good it is erased from the database at once, not merely hidden. To recover from
          a failure we also keep encrypted backups of the database, stored away from the website's server: one a day for
          a week and one a week for a month. An enquiry deleted today is still in the backups taken before today until
          they are removed, so it is gone from every copy at most {`${BACKUP_KEEP_DAYS}`} days after it was deleted.
          Backups are never used for anything else.
        </p>
        <p data-testid="access-log-statement">
          So that we can always say who saw your enquiry, the website records which member of our staff opened,
          exported, changed or deleted it, and when. That record names your enquiry by its number only and holds nothing
          you wrote; it is kept for {`${ACCESS_LOG_KEEP_DAYS}`} days, then deleted.
        </p>
        <h2 className={h2}>Counting visits</h2>
        <p data-testid="visit-counts-statement">
          To learn which of our pages, leaflets and adverts help families find us, our server counts the pages it shows
          and where a visit came from (the site that linked to us, or the campaign named in the link), and notes these
          with any enquiry sent during that visit. Nothing is stored on your device: no cookies and no browser storage.
          We do not keep your internet address or your browser's name: each day a new random code is mixed with them
          into a number that tells one visit from another, and that code is deleted within 48 hours, after which nobody,
          including us, can link the counts to you. Each page view is kept for {`${VISIT_VIEWS_KEEP_DAYS}`} days, then
          only daily totals, for two years. We count visits for statistics only, as UK data protection law allows. To be
          left out, turn on Global Privacy Control or Do Not Track in your browser: we then count nothing about your
          visit.
        </p>
        <h2 className={h2}>Your rights</h2>
        <p>
          You can ask for a copy of the information we hold about you, ask us to correct or delete it, or object to how
          we use it. Write to {details.email} and we will answer within one month. If you are unhappy with our answer
          you can complain to the Information Commissioner's Office (ico.org.uk).
        </p>
      </article>
    </>
  );
}
