import { describe, expect, it } from 'vitest';
import { accessActions, type AccessLogEntry } from './access-log';
import { accessActionWords, actionWords, targetWords } from './wording';

const entry = (action: string, target: AccessLogEntry['target'], shown = 0): AccessLogEntry => ({
  id: 1,
  at: '2026-11-27T10:00:00.000Z',
  actor: { kind: 'key', id: null, name: 'Admin key', email: null },
  action,
  target,
  outcome: 'ok',
  address: null,
  shown,
  repeats: null,
});

describe('the access log in words', () => {
  it('has words, not codes, for every action the server records', () => {
    for (const action of accessActions) {
      const words = accessActionWords[action];
      expect(words, action).toMatch(/^[A-Z][a-z]/);
      expect(words).not.toContain(action);
      expect(words).not.toMatch(/[a-z]\.[a-z]/);
    }
    expect(actionWords(entry('enquiry.list', null))).toBe('Viewed the enquiry list');
    expect(actionWords(entry('site.change', { kind: 'site', id: 'hours', name: null }))).toBe(
      'Changed the site’s facts',
    );
  });

  it('counts a summary of refusals, and shows a code it does not know as it is', () => {
    expect(actionWords({ action: 'refused.more', repeats: 12 })).toBe('Was refused again (12 more times)');
    expect(actionWords({ action: 'account.password-reset', repeats: null })).toBe('account.password-reset');
  });

  it('names the record by what it is called now, else by its kind and number', () => {
    const target = (kind: NonNullable<AccessLogEntry['target']>['kind'], id: string, name: string | null = null) =>
      targetWords(entry(kind === 'site' ? 'site.change' : 'x', { kind, id, name }));
    expect(target('invitation', '4', 'rita@example.test')).toBe('Invitation for rita@example.test');
    expect(target('invitation', '4')).toBe('Invitation 4');
    expect(target('enquiry', '12')).toBe('Enquiry 12');
    expect(target('account', '3', 'Rita Reader')).toBe('Rita Reader’s account');
    expect(target('api-token', '2', 'Nightly')).toBe('API token “Nightly”');
    expect(target('setting', 'show_site_logo')).toBe('Showing the logo');
    expect(target('site', 'hours')).toBe('Opening hours');
    expect(target('site', '__proto__')).toBe('__proto__');
    expect(targetWords(entry('site.restore', { kind: 'site', id: '7', name: null }))).toBe('Version 7');
    expect(targetWords(entry('enquiry.list', null, 3))).toBe('3 enquiries shown');
    expect(targetWords(entry('enquiry.list', null, 1))).toBe('1 enquiry shown');
    expect(targetWords(entry('sign-in', null))).toBe('');
  });
});
