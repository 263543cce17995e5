import { addDays, londonDate } from '../../../shared/london-time';
import { formatClockTime, type Closure } from '../../../shared/site-facts/site-facts';
import { type AllDayEvent, publishedCalendar } from '../../calendar/ics';
import type { FeaturePlugin } from '../../context';
import { answers, notJson } from '../../responses';
import type { SiteFactsRepo } from './repo';

/** How long a closure stays in the calendar once it is over, so a subscriber's recent past is kept. */
const KEPT_AFTER_DAYS = 30;

/** A closure as a calendar event: its id makes its UID, so editing it moves the same event. */
const closureEvent = (closure: Closure, host: string): AllDayEvent => {
  const hours = closure.opens && closure.closes;
  const what = hours ? `Open ${formatClockTime(closure.opens!)}-${formatClockTime(closure.closes!)}` : 'Closed';
  return {
    uid: `closure-${closure.id}@${host}`,
    from: closure.from,
    to: closure.to,
    summary: closure.note ? `${what} (${closure.note})` : what,
    description: hours ? 'Special opening hours.' : 'The centre is closed.',
  };
};

/**
 * /calendar.ics (issue 41): the centre's closures and special hours as all-day events, for
 * parents to subscribe to; the contact page links to it. Public, like the pages that list them.
 */
export const closuresCalendarRoute: FeaturePlugin<{ repo: SiteFactsRepo }> = async (app, { config, clock, repo }) => {
  const host = new URL(config.publicUrl).hostname;
  app.get(
    '/calendar.ics',
    { schema: { response: answers({ 200: notJson('iCalendar') }) } },
    async (_request, reply) => {
      const { facts } = await repo.current();
      const since = addDays(londonDate(clock()), -KEPT_AFTER_DAYS);
      const events = facts.hours.closures
        .filter((closure) => closure.to >= since)
        .map((closure) => closureEvent(closure, host));
      return reply
        .type('text/calendar; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .header('content-disposition', 'inline; filename="closures.ics"')
        .send(publishedCalendar(`${facts.details.name}: closures and special hours`, events, clock()));
    },
  );
};
