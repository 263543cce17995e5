import { describe, expect, it } from 'vitest';
import { defaultSiteFacts } from './defaults';
import { isUkPhone, openingHoursSchema, siteDetailsSchema } from './schemas';

const firstIssue = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.success
    ? undefined
    : { path: result.error!.issues[0]!.path.join('.'), message: result.error!.issues[0]!.message };

describe('site facts rules', () => {
  it('accepts UK telephone numbers as people write them, and nothing else', () => {
    for (const good of ['01632 960123', '01642-123456', '+44 1632 960123', '+44 (0)1632 960123', '07700 900123']) {
      expect(isUkPhone(good), good).toBe(true);
    }
    for (const bad of ['960123', 'call us', '01632 960123 ext 4', '+1 555 123 4567', '0163296012345']) {
      expect(isUkPhone(bad), bad).toBe(false);
    }
  });

  it.each([
    [{ phone: 'ring us' }, 'phone', 'Phone must be a UK telephone number, like 01632 960123'],
    [{ email: 'hello@' }, 'email', 'E-mail must be an e-mail address, like hello@example.com'],
    [{ ukprn: '1234' }, 'ukprn', 'UKPRN must be 8 digits starting with 1, like 10011877'],
    [{ name: 'Two\nlines' }, 'name', 'Business name must be on one line'],
    [{ areasCovered: ['Yarm', 'yarm'] }, 'areasCovered.1', 'yarm is listed twice'],
    [
      { social: { facebook: 'javascript:alert(1)', instagram: '', x: '' } },
      'social.facebook',
      'Facebook must be an https:// address, or empty',
    ],
  ])('refuses %j naming %s', (change, path, message) => {
    expect(firstIssue(siteDetailsSchema.safeParse({ ...defaultSiteFacts.details, ...change }))).toEqual({
      path,
      message,
    });
  });

  it.each([
    [-1, 'Classroom primary price must be more than £0'],
    [13.505, 'Classroom primary price must be in whole pence, like 13.50'],
    ['13', 'Classroom primary price must be an amount in pounds, like 13 or 13.50'],
    [1000.01, 'Classroom primary price must be at most £1,000'],
  ])('refuses the price %j', (primary, message) => {
    const pricing = { ...defaultSiteFacts.details.pricing, classroom: { primary, secondary: 15 } };
    expect(firstIssue(siteDetailsSchema.safeParse({ ...defaultSiteFacts.details, pricing }))).toEqual({
      path: 'pricing.classroom.primary',
      message,
    });
  });

  it('accepts prices in whole pence, however the float is spelled', () => {
    const pricing = {
      ...defaultSiteFacts.details.pricing,
      fromPerHour: 14.99,
      classroom: { primary: 0.1 + 0.2, secondary: 15 },
    };
    expect(siteDetailsSchema.safeParse({ ...defaultSiteFacts.details, pricing }).success).toBe(true);
  });

  it.each([
    [{ from: '2026-12-22', to: '2026-12-21' }, 'closures.0.to', 'Last day must not be before the first day'],
    [{ from: '2026-02-30', to: '2026-03-01' }, 'closures.0.from', 'First day must be a real date'],
    [
      { opens: '10:00', closes: null },
      'closures.0.closes',
      'Give both times for special hours, or neither for a closure',
    ],
    [{ opens: '14:00', closes: '10:00' }, 'closures.0.closes', 'Closes must be after opens'],
    [{ opens: '25:00', closes: '26:00' }, 'closures.0.opens', 'Opens must be a time, like 16:00'],
  ])('refuses the closure %j', (change, path, message) => {
    const closures = [{ from: '2026-12-22', to: '2027-01-02', opens: null, closes: null, note: '', ...change }];
    expect(firstIssue(openingHoursSchema.safeParse({ ...defaultSiteFacts.hours, closures }))).toEqual({
      path,
      message,
    });
  });

  it('refuses a weekday declared in two rows', () => {
    const declared = [...defaultSiteFacts.hours.declared, { days: ['Monday'], opens: '10:00', closes: '11:00' }];
    expect(firstIssue(openingHoursSchema.safeParse({ ...defaultSiteFacts.hours, declared }))).toEqual({
      path: 'declared.2.days',
      message: 'Monday is in two rows',
    });
  });
});
