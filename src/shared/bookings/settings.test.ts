import { describe, expect, it } from 'vitest';
import { defaultSiteFacts } from '../site-facts/defaults';
import type { AssessmentSettings, SiteFacts } from '../site-facts/site-facts';
import {
  assessmentSettingsOf,
  assessmentSettingsSchema,
  bookingLimitDefaults,
  defaultAssessmentSettings,
  storedAssessmentSettings,
} from './settings';

const saved: AssessmentSettings = {
  lengthMinutes: 60,
  placesPerTime: 3,
  bufferMinutes: 0,
  minimumNotice: { hours: 12 },
  weeksAhead: 8,
  dailyLimit: 6,
  cutoffHours: 24,
  changesPerBooking: 3,
  bookingsPerFamily: 2,
  weeklyTimes: [
    { days: ['Saturday'], opens: '09:00', closes: '12:00' },
    { days: ['Saturday'], opens: '13:00', closes: '16:00' },
  ],
};

/** The first problem's field and message, or undefined when the value is accepted. */
const firstIssue = (value: unknown) => {
  const result = assessmentSettingsSchema.safeParse(value);
  const issue = result.error?.issues[0];
  return issue && { path: issue.path.join('.'), message: issue.message };
};

describe('the free assessment settings', () => {
  it('by default: 45 minutes, one place, 15 minutes apart, from the next day, four weeks, no daily limit, links until 12 hours before, two changes, one booking a family, at the hours parents are shown', () => {
    expect(defaultAssessmentSettings(defaultSiteFacts.hours)).toEqual({
      lengthMinutes: 45,
      placesPerTime: 1,
      bufferMinutes: 15,
      minimumNotice: 'next-day',
      weeksAhead: 4,
      dailyLimit: null,
      cutoffHours: 12,
      changesPerBooking: 2,
      bookingsPerFamily: 1,
      weeklyTimes: [
        { days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], opens: '16:00', closes: '20:00' },
        { days: ['Saturday', 'Sunday'], opens: '11:00', closes: '16:00' },
      ],
    });
  });

  it('falls back to the hours declared to search engines when the shown days cannot be read', () => {
    const hours = {
      ...defaultSiteFacts.hours,
      shown: [{ days: 'Weekdays in term', opens: '16:00', closes: '20:00' }],
      declared: [{ days: ['Tuesday' as const], opens: '15:30', closes: '19:00' }],
    };
    expect(defaultAssessmentSettings(hours).weeklyTimes).toEqual([
      { days: ['Tuesday'], opens: '15:30', closes: '19:00' },
    ]);
  });

  it('accepts the defaults and a saved set as they are', () => {
    const defaults = defaultAssessmentSettings(defaultSiteFacts.hours);
    expect(assessmentSettingsSchema.parse(defaults)).toEqual(defaults);
    expect(assessmentSettingsSchema.parse(saved)).toEqual(saved);
  });

  it('reads the saved part, else the defaults following the facts’ own opening hours', () => {
    expect(assessmentSettingsOf({ ...defaultSiteFacts, assessment: saved })).toBe(saved);
    const shown = [{ days: 'Mon', opens: '17:00', closes: '19:00' }];
    const unsaved: SiteFacts = { ...defaultSiteFacts, hours: { ...defaultSiteFacts.hours, shown } };
    expect(assessmentSettingsOf(unsaved)).toEqual({
      ...defaultAssessmentSettings(unsaved.hours),
      weeklyTimes: [{ days: ['Monday'], opens: '17:00', closes: '19:00' }],
    });
    // A copy: editing the settings' times never edits the opening hours.
    const declared = [{ days: ['Monday' as const], opens: '16:00', closes: '20:00' }];
    const unreadable: SiteFacts = {
      ...defaultSiteFacts,
      hours: { ...defaultSiteFacts.hours, shown: [{ days: 'Most days', opens: '16:00', closes: '20:00' }], declared },
    };
    expect(assessmentSettingsOf(unreadable).weeklyTimes[0]!.days).not.toBe(declared[0]!.days);
  });

  it('reads a part saved before the limits existed with them at their defaults, and a whole part as it is', () => {
    const older: Partial<AssessmentSettings> = { ...saved };
    delete older.cutoffHours;
    delete older.changesPerBooking;
    delete older.bookingsPerFamily;
    expect(storedAssessmentSettings(older as AssessmentSettings)).toEqual({ ...older, ...bookingLimitDefaults });
    expect(assessmentSettingsOf({ ...defaultSiteFacts, assessment: older as AssessmentSettings })).toMatchObject({
      cutoffHours: 12,
      changesPerBooking: 2,
      bookingsPerFamily: 1,
    });
    expect(storedAssessmentSettings(saved)).toBe(saved);
    expect(storedAssessmentSettings(null)).toBeNull();
  });

  it('reads a revision stored before the part existed (no `assessment` at all) as the defaults', () => {
    const older = JSON.parse(JSON.stringify({ ...defaultSiteFacts, assessment: undefined })) as SiteFacts;
    expect('assessment' in older).toBe(false);
    expect(assessmentSettingsOf(older)).toEqual(defaultAssessmentSettings(older.hours));
  });

  it.each([
    [{ lengthMinutes: 14 }, 'lengthMinutes', 'Length must be a whole number of minutes from 15 to 240'],
    [{ lengthMinutes: 241 }, 'lengthMinutes', 'Length must be a whole number of minutes from 15 to 240'],
    [{ lengthMinutes: 45.5 }, 'lengthMinutes', 'Length must be a whole number of minutes from 15 to 240'],
    [{ lengthMinutes: '45' }, 'lengthMinutes', 'Length must be a whole number of minutes from 15 to 240'],
    [{ placesPerTime: 0 }, 'placesPerTime', 'Places at each time must be a whole number of children from 1 to 20'],
    [{ placesPerTime: 21 }, 'placesPerTime', 'Places at each time must be a whole number of children from 1 to 20'],
    [
      { bufferMinutes: -5 },
      'bufferMinutes',
      'Break between assessments must be a whole number of minutes from 0 to 120',
    ],
    [
      { bufferMinutes: 1e308 },
      'bufferMinutes',
      'Break between assessments must be a whole number of minutes from 0 to 120',
    ],
    [{ minimumNotice: { hours: 169 } }, 'minimumNotice.hours', 'Notice must be a whole number of hours from 0 to 168'],
    [{ minimumNotice: { hours: -1 } }, 'minimumNotice.hours', 'Notice must be a whole number of hours from 0 to 168'],
    [
      { minimumNotice: 'tomorrow' },
      'minimumNotice',
      'Notice must be a number of hours from 0 to 168, or "from the next day"',
    ],
    [{ weeksAhead: 0 }, 'weeksAhead', 'How far ahead must be a whole number of weeks from 1 to 26'],
    [{ weeksAhead: 27 }, 'weeksAhead', 'How far ahead must be a whole number of weeks from 1 to 26'],
    [{ dailyLimit: 0 }, 'dailyLimit', 'Daily limit must be a whole number of assessments from 1 to 50'],
    [{ dailyLimit: 51 }, 'dailyLimit', 'Daily limit must be a whole number of assessments from 1 to 50'],
    [{ weeklyTimes: [] }, 'weeklyTimes', 'Give at least one row of weekly times'],
    [
      { weeklyTimes: [{ days: ['Monday'], opens: '17:00', closes: '16:00' }] },
      'weeklyTimes.0.closes',
      'Closes must be after opens',
    ],
    [{ weeklyTimes: [{ days: [], opens: '16:00', closes: '18:00' }] }, 'weeklyTimes.0.days', 'Choose at least one day'],
    [
      { weeklyTimes: [{ days: ['Funday'], opens: '16:00', closes: '18:00' }] },
      'weeklyTimes.0.days.0',
      'Days must be among Monday, Tuesday, Wednesday, Thursday, Friday, Saturday, Sunday',
    ],
    [
      { weeklyTimes: [{ days: ['Monday'], opens: '4pm', closes: '18:00' }] },
      'weeklyTimes.0.opens',
      'Opens must be a time, like 16:00',
    ],
    [{ cutoffHours: -1 }, 'cutoffHours', 'Cut-off before the time must be a whole number of hours from 0 to 168'],
    [{ cutoffHours: 10_000 }, 'cutoffHours', 'Cut-off before the time must be a whole number of hours from 0 to 168'],
    [{ cutoffHours: 1.5 }, 'cutoffHours', 'Cut-off before the time must be a whole number of hours from 0 to 168'],
    [{ cutoffHours: '12' }, 'cutoffHours', 'Cut-off before the time must be a whole number of hours from 0 to 168'],
    [
      { changesPerBooking: -1 },
      'changesPerBooking',
      'Changes allowed per booking must be a whole number of changes from 0 to 20',
    ],
    [
      { changesPerBooking: 1000 },
      'changesPerBooking',
      'Changes allowed per booking must be a whole number of changes from 0 to 20',
    ],
    [
      { bookingsPerFamily: 0 },
      'bookingsPerFamily',
      'Bookings at once per family must be a whole number of bookings from 1 to 10',
    ],
    [
      { bookingsPerFamily: 11 },
      'bookingsPerFamily',
      'Bookings at once per family must be a whole number of bookings from 1 to 10',
    ],
  ])('refuses %j, naming %s', (change, path, message) => {
    expect(firstIssue({ ...saved, ...change })).toEqual({ path, message });
  });

  it('accepts the bounds themselves, a notice of 0 hours and no daily limit', () => {
    for (const change of [
      { lengthMinutes: 15, placesPerTime: 1, bufferMinutes: 0, weeksAhead: 1, dailyLimit: 1 },
      { lengthMinutes: 240, placesPerTime: 20, bufferMinutes: 120, weeksAhead: 26, dailyLimit: 50 },
      { minimumNotice: { hours: 0 }, dailyLimit: null },
      { minimumNotice: { hours: 168 } },
      { cutoffHours: 0, changesPerBooking: 0, bookingsPerFamily: 1 },
      { cutoffHours: 168, changesPerBooking: 20, bookingsPerFamily: 10 },
    ]) {
      expect(firstIssue({ ...saved, ...change }), JSON.stringify(change)).toBeUndefined();
    }
  });

  it('refuses fields it does not know, inherited names too', () => {
    expect(firstIssue({ ...saved, colour: 'red' })).toMatchObject({ path: '' });
    expect(firstIssue(JSON.parse(`{"__proto__": {"lengthMinutes": 45}, ${JSON.stringify(saved).slice(1)}`))).toEqual({
      path: '',
      message: 'Unrecognized key: "__proto__"',
    });
    expect(firstIssue({ ...saved, minimumNotice: { hours: 3, days: 1 } })).toMatchObject({ path: 'minimumNotice' });
  });
});
