import { describe, expect, it } from 'vitest';
import { mailtoHref, telHref } from './contact-links';

describe('mailtoHref', () => {
  it('links a plain address', () => {
    expect(mailtoHref('amelia@example.test')).toBe('mailto:amelia@example.test');
    expect(mailtoHref(' Zoë.Hart+tutor@example.test ')).toBe('mailto:Zo%C3%AB.Hart+tutor@example.test');
  });

  it.each([
    'javascript:alert(1)//@example.test',
    'a@example.test?bcc=everyone@example.test',
    'a@example.test&body=hi',
    'two words@example.test',
    'no-at-sign',
    'a@b@c',
    `${'a'.repeat(250)}@example.test`,
  ])('gives no link for %s', (email) => {
    expect(mailtoHref(email)).toBeUndefined();
  });
});

describe('telHref', () => {
  it.each([
    ['07700 900123', 'tel:07700900123'],
    ['01632-960-000', 'tel:01632960000'],
    ['+44 (0)1632 960123', 'tel:+441632960123'],
    ['+44 7700 900123', 'tel:+447700900123'],
    ['(01632) 960 123 ext', 'tel:01632960123'],
  ])('normalises %s to %s', (phone, href) => {
    expect(telHref(phone)).toBe(href);
  });

  it.each(['', 'call me', '12', '1'.repeat(21), 'javascript:alert(1)'])('gives no link for %j', (phone) => {
    expect(telHref(phone)).toBeUndefined();
  });

  it('runs in linear time on a long hostile number', () => {
    const started = performance.now();
    telHref(`+${'(0)'.repeat(100_000)}`);
    mailtoHref(`${'a'.repeat(100_000)}@`);
    expect(performance.now() - started).toBeLessThan(200);
  });
});
