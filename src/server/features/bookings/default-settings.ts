import type { AssessmentSettings } from '../../../shared/bookings/slots';
import type { SiteFacts } from '../../../shared/site-facts/site-facts';

/**
 * Stand-in until the assessment settings are a part of the site facts (issue 41's settings, built
 * beside this): the issue's defaults, with the weekly times the declared opening hours. Replaced
 * at merge by `assessmentSettingsOf` from src/shared/bookings/settings.ts.
 */
export const defaultAssessmentSettings = (facts: SiteFacts): AssessmentSettings => ({
  lengthMinutes: 45,
  placesPerTime: 1,
  bufferMinutes: 15,
  minimumNotice: 'next-day',
  weeksAhead: 4,
  dailyLimit: null,
  weeklyTimes: facts.hours.declared,
});
