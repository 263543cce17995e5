import type { Migration } from 'kysely';
import * as settings from './2026-11-21-0001-settings';
import * as contactSubmissions from './2026-11-21-0002-contact-submissions';
import * as emailOutbox from './2026-11-21-0301-email-outbox';
import * as adminKey from './2026-11-21-0401-admin-key';
import * as blogPosts from './2026-11-21-0501-blog-posts';
import * as images from './2026-11-21-0601-images';
import * as sharedCoordination from './2026-11-23-0014-shared-coordination';
import * as adminSessions from './2026-11-23-1401-admin-sessions';
import * as enquiryWorkflow from './2026-11-23-1411-enquiry-workflow';
import * as blogPostRevisions from './2026-11-23-1421-blog-post-revisions';
import * as bin from './2026-11-23-1431-bin';
import * as eraseFreePages from './2026-11-25-2701-erase-free-pages';
import * as outboxRecipientKey from './2026-11-25-2702-outbox-recipient-key';
import * as apiTokens from './2026-11-26-3001-api-tokens';
import * as staffAccounts from './2026-11-26-3002-staff-accounts';
import * as accessLog from './2026-11-26-3003-access-log';
import * as siteFactsRevisions from './2026-11-26-3101-site-facts-revisions';
import * as signInBudgets from './2026-11-27-1001-sign-in-budgets';
import * as accessLogReads from './2026-11-27-1002-access-log-reads';
import * as sessionProofs from './2026-11-27-2001-session-proofs';
import * as creatorAccounts from './2026-11-27-2002-creator-accounts';
import * as creatorAccountsFilled from './2026-11-27-2003-creator-accounts-filled';
import * as staffNameKeys from './2026-11-27-5001-staff-name-keys';
import * as staffNameKeysFilled from './2026-11-27-5002-staff-name-keys-filled';
import * as secretsKeyCheck from './2026-11-27-5003-secrets-key-check';
import * as signInRecovery from './2026-11-28-1101-sign-in-recovery';
import * as siteFactsFirstVersion from './2026-11-28-1201-site-facts-first-version';
import * as whoDidWhat from './2026-11-28-1301-who-did-what';
import * as analytics from './2026-11-28-1601-analytics';
import * as analyticsReportTotals from './2026-11-29-1001-analytics-report-totals';
import * as bookings from './2026-11-29-2001-bookings';
import * as outboxCalendar from './2026-11-29-2002-outbox-calendar';
import * as bookingBlocks from './2026-11-30-3001-booking-blocks';
import * as analyticsViewsCount from './2026-11-30-5001-analytics-views-count';
import * as analyticsShowings from './2026-12-06-1001-analytics-showings';
import * as enquiryStages from './2026-12-06-2001-enquiry-stages';
import * as enquiryNudges from './2026-12-06-2002-enquiry-nudges';
import * as bookingAttendance from './2026-12-07-2001-booking-attendance';
import * as weeklyReport from './2026-12-07-2002-weekly-report';
import * as outboxSecrets from './2026-12-08-1001-outbox-secrets';
import * as bookingLimits from './2026-12-08-2001-booking-limits';
import * as waitingList from './2026-12-08-3001-waiting-list';
import * as analyticsSoFar from './2026-12-09-1001-analytics-so-far';

/**
 * Every migration, listed by name. Names sort in the order they run. Migrations are forward-only
 * and never edited once they have landed: add a new one instead.
 */
export const migrations: Record<string, Migration> = {
  '2026-11-21-0001-settings': settings,
  '2026-11-21-0002-contact-submissions': contactSubmissions,
  '2026-11-21-0301-email-outbox': emailOutbox,
  '2026-11-21-0401-admin-key': adminKey,
  '2026-11-21-0501-blog-posts': blogPosts,
  '2026-11-21-0601-images': images,
  '2026-11-23-0014-shared-coordination': sharedCoordination,
  '2026-11-23-1401-admin-sessions': adminSessions,
  '2026-11-23-1411-enquiry-workflow': enquiryWorkflow,
  '2026-11-23-1421-blog-post-revisions': blogPostRevisions,
  '2026-11-23-1431-bin': bin,
  '2026-11-25-2701-erase-free-pages': eraseFreePages,
  '2026-11-25-2702-outbox-recipient-key': outboxRecipientKey,
  '2026-11-26-3001-api-tokens': apiTokens,
  '2026-11-26-3002-staff-accounts': staffAccounts,
  '2026-11-26-3003-access-log': accessLog,
  '2026-11-26-3101-site-facts-revisions': siteFactsRevisions,
  '2026-11-27-1001-sign-in-budgets': signInBudgets,
  '2026-11-27-1002-access-log-reads': accessLogReads,
  '2026-11-27-2001-session-proofs': sessionProofs,
  '2026-11-27-2002-creator-accounts': creatorAccounts,
  '2026-11-27-2003-creator-accounts-filled': creatorAccountsFilled,
  '2026-11-27-5001-staff-name-keys': staffNameKeys,
  '2026-11-27-5002-staff-name-keys-filled': staffNameKeysFilled,
  '2026-11-27-5003-secrets-key-check': secretsKeyCheck,
  '2026-11-28-1101-sign-in-recovery': signInRecovery,
  '2026-11-28-1201-site-facts-first-version': siteFactsFirstVersion,
  '2026-11-28-1301-who-did-what': whoDidWhat,
  '2026-11-28-1601-analytics': analytics,
  '2026-11-29-1001-analytics-report-totals': analyticsReportTotals,
  '2026-11-29-2001-bookings': bookings,
  '2026-11-29-2002-outbox-calendar': outboxCalendar,
  '2026-11-30-3001-booking-blocks': bookingBlocks,
  '2026-11-30-5001-analytics-views-count': analyticsViewsCount,
  '2026-12-06-1001-analytics-showings': analyticsShowings,
  '2026-12-06-2001-enquiry-stages': enquiryStages,
  '2026-12-06-2002-enquiry-nudges': enquiryNudges,
  '2026-12-07-2001-booking-attendance': bookingAttendance,
  '2026-12-07-2002-weekly-report': weeklyReport,
  '2026-12-08-1001-outbox-secrets': outboxSecrets,
  '2026-12-08-2001-booking-limits': bookingLimits,
  '2026-12-08-3001-waiting-list': waitingList,
  '2026-12-09-1001-analytics-so-far': analyticsSoFar,
};
