import { describe, expect, it } from 'vitest';
import { alreadyBookedMessage, familyOf, phoneKey } from './family';

describe('one family, as the cap on bookings to come counts it (issue 51)', () => {
  it.each([
    '01632 960000',
    '01632960000',
    '(01632) 960-000',
    '+44 1632 960000',
    '+44 (0)1632 960000',
    '+441632960000',
    '0044 1632 960000',
    '44 1632 960000',
  ])('reads %j as the UK number 01632960000', (written) => {
    expect(phoneKey(written)).toBe('01632960000');
  });

  it('keeps another country’s number with its code, apart from a UK one with the same digits', () => {
    expect(phoneKey('+33 1 23 45 67 89')).toBe('0033123456789');
    expect(phoneKey('0033 1 23 45 67 89')).toBe('0033123456789');
    expect(phoneKey('+353 1 632 9600')).not.toBe(phoneKey('01 632 9600'));
  });

  it('counts nothing too short to be a number', () => {
    for (const written of ['', 'n/a', 'none', '123', '12-34-56', '+44']) expect(phoneKey(written)).toBeNull();
  });

  it('one family by its canonical e-mail address and its phone', () => {
    expect(familyOf({ email: 'Priya.Khan+school@GoogleMail.com', telephone: '+44 7700 900123' })).toEqual({
      email: 'priyakhan@gmail.com',
      phone: '07700900123',
    });
  });

  it('tells the parent to use the link or call, naming no one', () => {
    expect(alreadyBookedMessage(1, '01632 960123')).toBe(
      'You already have a free assessment booked. To change it, use the link in its confirmation e-mail, or call us on 01632 960123.',
    );
    expect(alreadyBookedMessage(3, '01632 960123')).toBe(
      'You already have 3 free assessments booked, the most one family can hold at once. To change one, use the link in its confirmation e-mail, or call us on 01632 960123.',
    );
  });
});
