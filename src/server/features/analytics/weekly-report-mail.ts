import { type FunnelCounts, funnelStepLabels, funnelSteps } from '../../../shared/analytics/funnel';
import { channelLabels, type InsightsReport } from '../../../shared/analytics/insights';
import { dayInWords, timeInWords } from '../../../shared/time-words';
import { spokenMinutes } from '../../../shared/spoken-duration';
import { escapeXml } from '../../xml';

/** What the Monday report says: last week's Insights report, and the coming week's booked times. */
export interface WeeklyReportContent {
  centreName: string;
  report: InsightsReport;
  /** The starts (ISO) of the assessments booked for the week that begins today. */
  comingBookings: string[];
  insightsUrl: string;
}

/** One line of the report: a label, this week's value, and last week's in brackets. */
interface Line {
  label: string;
  now: string;
  before: string | null;
}

const whole = (value: number) => value.toLocaleString('en-GB');
const share = (rate: number | null) => (rate === null ? 'none yet' : `${Math.round(rate * 100)}%`);
const minutes = (value: number | null) => (value === null ? 'none yet' : spokenMinutes(value));

function funnelLines(now: FunnelCounts, before: FunnelCounts): Line[] {
  return funnelSteps.map((step) => ({
    label: funnelStepLabels[step],
    now: whole(now[step]),
    before: whole(before[step]),
  }));
}

/** The report's sections, each a heading and its lines: one source for the text and the HTML. */
function sections({ report, comingBookings }: WeeklyReportContent): { heading: string; lines: Line[] }[] {
  const { funnel } = report;
  const { current, previous } = funnel.totals;
  const contact = funnel.firstContact;
  const shows = funnel.showRate;
  return [
    {
      heading: 'Enquiries by source',
      lines: [
        ...funnel.sources
          .filter((row) => row.current.enquiries + row.previous.enquiries > 0)
          .map((row) => ({
            label: `${channelLabels[row.channel]}${row.source ? ` (${row.source})` : ''}`,
            now: whole(row.current.enquiries),
            before: whole(row.previous.enquiries),
          })),
        { label: 'All enquiries', now: whole(current.enquiries), before: whole(previous.enquiries) },
        { label: 'Sent with the form', now: whole(current.fromForm), before: whole(previous.fromForm) },
        { label: 'Booked a time themselves', now: whole(current.fromBooking), before: whole(previous.fromBooking) },
      ],
    },
    { heading: 'From visit to enrolment', lines: funnelLines(current, previous) },
    {
      heading: 'First contact (in opening hours)',
      lines: [
        {
          label: 'Median wait',
          now: minutes(contact.current.medianMinutes),
          before: minutes(contact.previous.medianMinutes),
        },
        {
          label: `Answered within the target of ${spokenMinutes(funnel.targetMinutes)}`,
          now: share(contact.current.withinTarget),
          before: share(contact.previous.withinTarget),
        },
        {
          label: 'Families still waiting now',
          now:
            funnel.waitingNow.families === 0
              ? 'none'
              : `${whole(funnel.waitingNow.families)} (longest ${spokenMinutes(funnel.waitingNow.longestMinutes ?? 0)})`,
          before: null,
        },
      ],
    },
    {
      heading: 'Assessments',
      lines: [
        {
          label: 'Came to their assessment',
          now: `${share(shows.current.rate)} (${whole(shows.current.attended)} of ${whole(shows.current.attended + shows.current.noShow)} marked)`,
          before: share(shows.previous.rate),
        },
        { label: 'Booked for this week', now: whole(comingBookings.length), before: null },
        ...comingBookings.map((startsAt) => ({ label: '', now: timeInWords(startsAt), before: null })),
      ],
    },
  ];
}

/**
 * The Monday report's mail (issue 50): plain text and the same as HTML, last week against the
 * week before. Counts and times only: no family is named, so nothing in it outlives a family's
 * erasure.
 */
export function weeklyReportMail(content: WeeklyReportContent): { subject: string; text: string; html: string } {
  const { report, centreName, insightsUrl } = content;
  const { current, previous } = report.funnel.totals;
  const subject = `${centreName}: ${whole(current.enquiries)} enquir${current.enquiries === 1 ? 'y' : 'ies'} last week (${whole(previous.enquiries)} the week before)`;
  const period = `${dayInWords(report.from)} to ${dayInWords(report.to)}, against ${dayInWords(report.previous.from)} to ${dayInWords(report.previous.to)} in brackets.`;
  const parts = sections(content);
  const footer = `See every figure on Insights: ${insightsUrl}\nTo stop these e-mails, untick "Send me this report every Monday" there.`;

  const text = [
    `The week at ${centreName}: ${period}`,
    ...parts.map(({ heading, lines }) =>
      [
        '',
        heading,
        ...lines.map(({ label, now, before }) =>
          label ? `  ${label}: ${now}${before !== null ? ` (${before})` : ''}` : `    ${now}`,
        ),
      ].join('\n'),
    ),
    '',
    footer,
  ].join('\n');

  const cell = 'style="padding:4px 12px 4px 0;text-align:left"';
  const html = [
    '<!doctype html><html lang="en-GB"><body style="font-family:system-ui,sans-serif;color:#0f172a">',
    `<p>The week at ${escapeXml(centreName)}: ${escapeXml(period)}</p>`,
    ...parts.map(
      ({ heading, lines }) =>
        `<h2 style="font-size:16px;margin:20px 0 4px">${escapeXml(heading)}</h2><table role="presentation">` +
        lines
          .map(
            ({ label, now, before }) =>
              `<tr><th scope="row" ${cell}>${escapeXml(label)}</th><td ${cell}><strong>${escapeXml(now)}</strong></td><td ${cell}>${before !== null ? `(${escapeXml(before)})` : ''}</td></tr>`,
          )
          .join('') +
        '</table>',
    ),
    `<p style="margin-top:20px"><a href="${escapeXml(insightsUrl)}">See every figure on Insights</a>. To stop these e-mails, untick &ldquo;Send me this report every Monday&rdquo; there.</p>`,
    '</body></html>',
  ].join('\n');
  return { subject, text, html };
}
