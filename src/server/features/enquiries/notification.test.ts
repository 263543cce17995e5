import { describe, expect, it } from 'vitest';
import { notificationFor } from './notification';

const forged = 'Bcc: x@evil.example';

describe("the staff notification's body", () => {
  const body = notificationFor(
    7,
    {
      submissionType: 'contact',
      firstName: `A\r\n${forged}`,
      lastName: 'B\nTelephone: 000',
      email: 'parent@example.com',
      mobile: '07700\n900123',
      message: `Line one\n${forged}\r\n\r\nLast line`,
      submittedAt: '2026-11-25T12:00:00.000Z',
    },
    'office@example.test',
    'https://tutors.example',
  ).body;
  const lines = body.split('\n');

  it('keeps a line break in a one-line field from starting a line of its own', () => {
    expect(lines).toContain(`Name: A ${forged} B Telephone: 000`);
    expect(lines).toContain('Mobile: 07700 900123');
    expect(lines.filter((line) => line.startsWith('Telephone:'))).toEqual([]);
  });

  it('indents the lines of a long answer under its label, so none reads as a field or header', () => {
    expect(lines.filter((line) => line.startsWith('Bcc:'))).toEqual([]);
    expect(body).toContain(`Message: Line one\n  ${forged}\n  \n  Last line`);
    expect(body).not.toContain('\r');
  });

  it('says when it came on the office clock, in words, and links to its card in the admin', () => {
    expect(lines[0]).toBe('Contact message #7, received Wednesday 25 November 2026, 12:00pm (UK time).');
    expect(lines).toContain('Open it in the admin: https://tutors.example/admin#enquiry-7');
  });
});
